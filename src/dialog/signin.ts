// Sign-in dialog page (opened with Office.context.ui.displayDialogAsync). The api helper's
// version replaces this first one, which only shows where the user is.
const STATUS_ELEMENT_ID = "signin-status";

void Office.onReady(() => {
  const status = document.getElementById(STATUS_ELEMENT_ID);
  if (status) status.textContent = "Opening the sign-in page of your platform…";
});
