// An import being sent that this pane finds but must not act on (the lost import's screen): another
// window of the workbook is sending it, or it was sent from another file this workbook is a copy of.
import { defineMessages } from "../types";

export const elsewhere = defineMessages({
  en: {
    windowTitle: "Importing in another window",
    windowIntro: "Another window of this workbook is importing into “{catalog}” since {time}.",
    windowHint:
      "This pane leaves the import to that window and sends nothing. If that window is closed before the platform answers, the import is offered here within {minutes} minutes.",
    fileTitle: "Sent from another file",
    fileIntro:
      "This import into “{catalog}” was started at {time} from the file “{file}”. This workbook is a copy of that file, so only that file can confirm the import or send it again.",
    fileProbableTitle: "Probably that file’s import",
    fileProbable: "The platform shows an import of “{catalog}” dated after it was sent.",
    follow: "Follow it here (read only)",
    followHint: "Its progress is shown here. Nothing is written into this workbook and nothing is sent.",
    stopFollowing: "Stop following",
    ended:
      "The import has ended on the platform. Its log belongs in “{file}”: open that file, and the add-in there offers to follow the import and write its log.",
    leave: "Back to the range",
    leaveWindowHint: "The import stays with the other window.",
    leaveFileHint: "This copy forgets the import; it stays with “{file}”.",
  },
  ru: {
    windowTitle: "Импорт идёт в другом окне",
    windowIntro: "Другое окно этой книги импортирует в «{catalog}» с {time}.",
    windowHint:
      "Эта панель оставляет импорт тому окну и ничего не отправляет. Если то окно закроют раньше, чем ответит платформа, импорт будет предложен здесь не позже чем через {minutes} мин.",
    fileTitle: "Отправлено из другого файла",
    fileIntro:
      "Этот импорт в «{catalog}» начат {time} из файла «{file}». Эта книга — копия того файла, поэтому подтвердить импорт или отправить его снова можно только из него.",
    fileProbableTitle: "Вероятно, это импорт того файла",
    fileProbable: "Платформа показывает импорт «{catalog}» со временем позже его отправки.",
    follow: "Следить здесь (только просмотр)",
    followHint:
      "Ход импорта будет показан здесь. В эту книгу ничего не записывается и ничего не отправляется.",
    stopFollowing: "Не следить",
    ended:
      "Импорт на платформе завершён. Его журнал — для файла «{file}»: откройте тот файл, и надстройка там предложит проследить за импортом и записать журнал.",
    leave: "Вернуться к диапазону",
    leaveWindowHint: "Импорт остаётся за другим окном.",
    leaveFileHint: "Эта копия забудет об импорте; он остаётся за файлом «{file}».",
  },
});
