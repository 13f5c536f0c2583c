// The company set-up (Settings > Set up BOQ Bridge for your company) and the guide for a user with
// no client id (the sign-in screen's "I have no client id"). Loaded with those screens
// (../deferredSetup), not with the first screen. The personal account's own labels ("Allowed CORS
// Origins", "API Clients", "Create client") are quoted as the platform's interface names them, in
// both languages: that is what the administrator reads there.
import { defineMessages } from "../types";

export const setup = defineMessages({
  en: {
    title: "Set up BOQ Bridge for your company",
    intro:
      "Here a company administrator makes the add-in's own API client in one step, and hands it to the users and to deployment.",
    company: "Company: {company}",
    noCompany: "Choose a company at the top of the pane first.",
    back: "Back to Settings",
    loading: "Loading the company's API clients…",
    listTitle: "API clients of {company}",
    listEmpty: "The company has no API client yet.",
    noDescription: "No description",
    redirects: "Return addresses after sign-in",
    redirectsNone: "none",
    thisAddin: "The add-in's client at this address",
    edit: "Change",
    delete: "Delete",
    newSecret: "New secret",
    presetOf: "Preset for deployment",
    refusedTitle: "The platform did not let you manage the API clients of {company}.",
    refused:
      "There are two usual causes. You may not be an administrator of this company: a company administrator can do this set-up, or give you the role. Or API clients may not be enabled for this company: the platform's support enables them, at the request of your company administrator.",
    failedTitle: "That did not work",
    createTitle: "The add-in's own client",
    createIntro:
      "Filled in from where BOQ Bridge is served. Change the name if you like: the rest is what the add-in needs.",
    editTitle: "Change {name}",
    name: "Name",
    nameHint: "Unique within the company.",
    nameEmpty: "Enter a name.",
    nameTaken: "The company already has a client named {name}. Choose another name.",
    description: "Description",
    redirect: "Return address after sign-in",
    redirectHint: "The platform's sign-in window returns here: the add-in's sign-in page.",
    redirectsEdit: "Return addresses after sign-in",
    redirectsEditHint: "One address per line.",
    services: "Services it uses",
    servicesValue: "The catalog and BOQ service, besides the platform",
    descriptionValue: "BOQ Bridge, the Excel add-in at {address}",
    create: "Create the add-in's client",
    creating: "Creating the client…",
    save: "Save the changes",
    saving: "Saving…",
    cancel: "Cancel",
    saved: "The changes to {name} are saved.",
    deleted: "{name} is deleted.",
    createdTitle: "{name} is created",
    clientId: "Client id",
    secret: "Client secret",
    secretOnce:
      "Copy the secret now and keep it safe: the platform shows it only this once, and it cannot be read back later. It stays here while this screen is open and is saved nowhere.",
    handOut: "Give each user the client id and, for the sign-in with a password, the secret.",
    newSecretShown: "The new secret of {name}",
    copy: "Copy",
    copyWhat: "Copy: {what}",
    copied: "Copied.",
    copyFailed: "Could not copy. Select the text and press Ctrl+C.",
    manualTitle: "Finish in the personal account",
    manualIntro:
      "The platform does not let the add-in set these. In the platform's personal account, open API Clients, then {name}:",
    manualCors:
      "“Allowed CORS Origins”: add the add-in's address, so that the add-in may call the platform from where it is served.",
    manualLogout:
      "“Allowed Redirect After Logout URIs”: nothing to add. The add-in's sign-out asks for no return address.",
    manualActive:
      "Check that the client is active: the switch is only in the personal account. Its client id, to find it:",
    addinAddress: "The add-in's address",
    checkTitle: "Check the connection",
    checkIntro:
      "Calls each of the three services from this pane with your current sign-in. It shows whether they answer the add-in at this address. Whether the new client's allowed address is set shows only when someone signs in with that client.",
    check: "Check the connection",
    checking: "Checking…",
    serviceAuth: "Sign-in server",
    serviceValue: "Catalog and BOQ service",
    servicePlatform: "Projects service",
    reachAnswered: "answers",
    reachUnreachable: "no answer: the add-in's address may not be allowed yet, or the network is down",
    reachSignedOut: "your sign-in ended: sign in again, then check again",
    presetTitle: "Preset for deployment",
    presetIntro:
      "Whoever hosts the add-in puts this file, config.json, in the folder the add-in is served from, in place of the one there (the README, “The organisation's preset”). Everyone then starts with these addresses and this client.",
    presetDownload: "Download config.json",
    presetWindow:
      "The file names this client for the platform's sign-in window. The platform does not say whether that window accepts a client that has a secret: if “Sign in with your platform account” is refused, delete the line with the client id from the file. Signing in with the client id and secret works either way.",
    newSecretTitle: "Make a new secret for {name}?",
    newSecretText:
      "The old secret will no longer work for signing in: whoever signs in with it needs the new one. The platform does not say when people already signed in with the old secret notice: it may be at once or at their next sign-in.",
    newSecretConfirm: "Make a new secret",
    deleteTitle: "Delete {name}?",
    deleteText:
      "Nobody can sign in with this client any more, and the sign-ins made with it end. This cannot be undone.",
    deleteConfirm: "Delete the client",
    guideTitle: "Getting a client id",
    guideIntro:
      "BOQ Bridge signs in to the platform through an API client of your company. Only a company administrator can make one.",
    guideStep1:
      "Ask your company administrator for the BOQ Bridge client of your company: its client id and, to sign in with a password, its secret.",
    guideStep2: "Give them the add-in's address, which the client has to allow:",
    guideStep3:
      "Type the client id and the secret on the sign-in screen with your user name and password, and choose Sign in.",
    guideAdminTitle: "If you are the company administrator",
    guideAdmin:
      "Make the first client in the platform's personal account: “API Clients”, “Create client”, then “Add Client” (the platform's support must have enabled API clients for your company). Put the add-in's address above in its “Allowed CORS Origins” and this address in its “Allowed Redirect After Login URIs”:",
    guideAdminThen:
      "Sign in here with that client. Then, in Settings, “Set up BOQ Bridge for your company” makes the add-in's own client from this pane.",
    guideBack: "Back to sign-in",
  },
  ru: {
    title: "Настроить BOQ Bridge для компании",
    intro:
      "Здесь администратор компании одним шагом создаёт собственный API-клиент надстройки и передаёт его пользователям и в развёртывание.",
    company: "Компания: {company}",
    noCompany: "Сначала выберите компанию вверху панели.",
    back: "Назад к настройкам",
    loading: "Загружаются API-клиенты компании…",
    listTitle: "API-клиенты компании «{company}»",
    listEmpty: "У компании ещё нет API-клиентов.",
    noDescription: "Без описания",
    redirects: "Адреса возврата после входа",
    redirectsNone: "нет",
    thisAddin: "Клиент надстройки по этому адресу",
    edit: "Изменить",
    delete: "Удалить",
    newSecret: "Новый секрет",
    presetOf: "Настройки для развёртывания",
    refusedTitle: "Платформа не разрешила управлять API-клиентами компании «{company}».",
    refused:
      "Обычно причин две. Возможно, вы не администратор этой компании: настройку может сделать администратор компании или выдать вам эту роль. Или API-клиенты не включены для компании: их включает поддержка платформы по просьбе администратора компании.",
    failedTitle: "Не получилось",
    createTitle: "Собственный клиент надстройки",
    createIntro:
      "Заполнено по адресу, с которого работает BOQ Bridge. Название можно изменить, остальное — то, что нужно надстройке.",
    editTitle: "Изменить «{name}»",
    name: "Название",
    nameHint: "Не должно повторяться в компании.",
    nameEmpty: "Введите название.",
    nameTaken: "В компании уже есть клиент «{name}». Выберите другое название.",
    description: "Описание",
    redirect: "Адрес возврата после входа",
    redirectHint: "Сюда окно входа платформы возвращает пользователя: страница входа надстройки.",
    redirectsEdit: "Адреса возврата после входа",
    redirectsEditHint: "По одному адресу в строке.",
    services: "Какими сервисами пользуется",
    servicesValue: "Сервис каталогов и ВОР, кроме самой платформы",
    descriptionValue: "BOQ Bridge, надстройка Excel по адресу {address}",
    create: "Создать клиент надстройки",
    creating: "Клиент создаётся…",
    save: "Сохранить изменения",
    saving: "Сохраняется…",
    cancel: "Отмена",
    saved: "Изменения клиента «{name}» сохранены.",
    deleted: "Клиент «{name}» удалён.",
    createdTitle: "Клиент «{name}» создан",
    clientId: "Идентификатор клиента",
    secret: "Секрет клиента",
    secretOnce:
      "Скопируйте секрет сейчас и храните его надёжно: платформа показывает его только один раз, позже его не прочитать. Он виден здесь, пока открыт этот экран, и нигде не сохраняется.",
    handOut: "Передайте каждому пользователю идентификатор клиента и, для входа по паролю, секрет.",
    newSecretShown: "Новый секрет клиента «{name}»",
    copy: "Копировать",
    copyWhat: "Копировать: {what}",
    copied: "Скопировано.",
    copyFailed: "Не удалось скопировать. Выделите текст и нажмите Ctrl+C.",
    manualTitle: "Завершите в личном кабинете",
    manualIntro:
      "Эти параметры платформа не даёт задать надстройке. В личном кабинете платформы откройте «API Clients», затем «{name}»:",
    manualCors:
      "«Allowed CORS Origins» (разрешённые адреса): добавьте адрес надстройки, чтобы она могла обращаться к платформе оттуда, где размещена.",
    manualLogout:
      "«Allowed Redirect After Logout URIs» (адреса после выхода): ничего добавлять не нужно. При выходе надстройка не просит адрес возврата.",
    manualActive:
      "Проверьте, что клиент активен: этот переключатель есть только в личном кабинете. Идентификатор клиента, чтобы его найти:",
    addinAddress: "Адрес надстройки",
    checkTitle: "Проверить подключение",
    checkIntro:
      "Обращается к каждому из трёх сервисов из этой панели с вашим текущим входом. Так видно, отвечают ли они надстройке по этому адресу. Задан ли разрешённый адрес у нового клиента, станет видно, только когда кто-то войдёт через этот клиент.",
    check: "Проверить подключение",
    checking: "Проверяем…",
    serviceAuth: "Сервер входа",
    serviceValue: "Сервис каталогов и ВОР",
    servicePlatform: "Сервис проектов",
    reachAnswered: "отвечает",
    reachUnreachable: "нет ответа: возможно, адрес надстройки ещё не разрешён или нет сети",
    reachSignedOut: "ваш вход закончился: войдите снова и проверьте ещё раз",
    presetTitle: "Настройки для развёртывания",
    presetIntro:
      "Тот, кто размещает надстройку, кладёт этот файл, config.json, в папку, откуда она открывается, вместо лежащего там (README, раздел «The organisation's preset»). Тогда у всех с первого запуска будут эти адреса и этот клиент.",
    presetDownload: "Скачать config.json",
    presetWindow:
      "Файл указывает этот клиент для окна входа платформы. Платформа не сообщает, принимает ли её окно входа клиент, у которого есть секрет: если «Войти с учётной записью платформы» не срабатывает, удалите из файла строку с идентификатором клиента. Вход по идентификатору и секрету клиента работает в любом случае.",
    newSecretTitle: "Создать новый секрет для «{name}»?",
    newSecretText:
      "Старый секрет перестанет подходить для входа: кто входит с ним, должен получить новый. Платформа не сообщает, когда это заметят те, кто уже вошёл со старым секретом: сразу или при следующем входе.",
    newSecretConfirm: "Создать новый секрет",
    deleteTitle: "Удалить «{name}»?",
    deleteText:
      "Через этот клиент больше никто не сможет войти, а выполненные через него входы закончатся. Отменить это нельзя.",
    deleteConfirm: "Удалить клиент",
    guideTitle: "Как получить идентификатор клиента",
    guideIntro:
      "BOQ Bridge входит на платформу через API-клиент вашей компании. Создать его может только администратор компании.",
    guideStep1:
      "Попросите администратора компании выдать клиент BOQ Bridge вашей компании: идентификатор клиента и, для входа по паролю, его секрет.",
    guideStep2: "Сообщите ему адрес надстройки, который клиент должен разрешить:",
    guideStep3:
      "Введите идентификатор и секрет клиента на экране входа вместе с именем пользователя и паролем и нажмите «Войти».",
    guideAdminTitle: "Если вы администратор компании",
    guideAdmin:
      "Создайте первый клиент в личном кабинете платформы: «API Clients», «Create client», затем «Add Client» (поддержка платформы должна включить API-клиенты для вашей компании). Укажите адрес надстройки выше в его «Allowed CORS Origins», а этот адрес — в «Allowed Redirect After Login URIs»:",
    guideAdminThen:
      "Войдите здесь через этот клиент. Затем в настройках кнопка «Настроить BOQ Bridge для компании» создаст собственный клиент надстройки прямо из панели.",
    guideBack: "Назад ко входу",
  },
});
