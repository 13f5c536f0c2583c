// Layout of the session screens (the controls come styled from the component layer).

import { installStyleSheet } from "../styles";

const STYLE_ELEMENT_ID = "boq-bridge-session-styles";

const CSS = `
.boq-session { padding-bottom: var(--spacingVerticalM); border-bottom: var(--strokeWidthThin) solid var(--colorNeutralStroke2); }
.boq-addresses { list-style: none; margin: 0; padding: 0; display: flex; flex-direction: column; gap: 4px; }
.boq-company-list { list-style: none; margin: 0; padding: 0; display: flex; flex-direction: column; gap: 8px; }
.boq-company-list .fui-button { justify-content: flex-start; text-align: left; }
.boq-addresses li { display: flex; flex-direction: column; overflow-wrap: anywhere; }
`;

export function installSessionStyles(doc: Document): void {
  installStyleSheet(doc, STYLE_ELEMENT_ID, CSS);
}
