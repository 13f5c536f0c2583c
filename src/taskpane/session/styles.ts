// Styles of the session screens, installed once next to the shell's own styles.

import { installStyleSheet } from "../styles";

const STYLE_ELEMENT_ID = "boq-bridge-session-styles";

const CSS = `
.boq-signin h2, .boq-settings h2 { font-size: 16px; margin: 4px 0 8px; }
.boq-signin h3 { font-size: 13px; margin: 16px 0 4px; color: #424242; }
.boq-form { display: flex; flex-direction: column; gap: 8px; }
.boq-form label { display: flex; flex-direction: column; gap: 2px; font-size: 12px; }
.boq-form input, .boq-form select { font: inherit; padding: 4px 6px; border: 1px solid #c8c8c8; border-radius: 3px; }
.boq-form input[aria-invalid="true"] { border-color: #a4262c; }
.boq-form fieldset { border: 0; padding: 0; margin: 0; }
.boq-form legend { font-size: 12px; margin-bottom: 4px; }
.boq-check { display: flex !important; flex-direction: row !important; align-items: center; gap: 6px; font-size: 13px; }
.boq-block { margin: 10px 0; }
.boq-row { display: flex; gap: 8px; }
button { font: inherit; padding: 5px 12px; border: 1px solid #8a8a8a; border-radius: 3px; background: #fff; cursor: pointer; }
button:disabled { opacity: 0.6; cursor: default; }
.boq-primary { background: #0b5563; color: #fff; border-color: #0b5563; }
.boq-link { border: 0; background: none; color: #0b5563; text-decoration: underline; padding: 0 2px; }
.boq-muted { color: #616161; font-size: 12px; }
.boq-notice { background: #fff4ce; padding: 6px 8px; border-radius: 3px; }
.boq-error { color: #a4262c; font-size: 12px; }
p.boq-error { background: #fde7e9; padding: 6px 8px; border-radius: 3px; }
.boq-session { display: flex; flex-wrap: wrap; align-items: center; justify-content: space-between; gap: 6px;
  padding: 6px 0 10px; border-bottom: 1px solid #e0e0e0; margin-bottom: 10px; }
.boq-session-actions { display: flex; gap: 6px; align-items: center; }
.boq-hidden { display: none; }
`;

export function installSessionStyles(doc: Document): void {
  installStyleSheet(doc, STYLE_ELEMENT_ID, CSS);
}
