// The shell's own layout (header, screens area) on the component layer's tokens. The styles live
// with the code, not in taskpane.html, so the pane looks the same on the shared-runtime page and
// inside the workbench's side panel.

const STYLE_ELEMENT_ID = "boq-bridge-styles";

const CSS = `
#app { margin: 0; min-height: 100%; }
.boq-shell { display: flex; flex-direction: column; min-height: 100%; min-width: 0; }
.boq-header {
  display: flex; align-items: center; gap: var(--spacingHorizontalS);
  padding: var(--spacingVerticalM) var(--spacingHorizontalL);
  background: var(--colorNeutralBackground2);
  border-bottom: var(--strokeWidthThin) solid var(--colorNeutralStroke2);
}
.boq-logo { flex: none; }
.boq-header-text { min-width: 0; }
.boq-title { margin: 0; font-size: var(--fontSizeBase400); line-height: var(--lineHeightBase400); font-weight: 600; }
.boq-tagline { margin: 0; font-size: var(--fontSizeBase200); line-height: var(--lineHeightBase200); color: var(--colorNeutralForeground3); }
.boq-screens { padding: var(--spacingVerticalM) var(--spacingHorizontalL) var(--spacingVerticalXL); min-width: 0; }
.boq-link { color: var(--colorBrandForegroundLink); overflow-wrap: anywhere; }
.boq-link:hover { color: var(--colorBrandForegroundLinkHover); }
`;

/** Adds a style sheet to the document once: a second call with the same id does nothing. */
export function installStyleSheet(doc: Document, id: string, css: string): void {
  if (doc.getElementById(id)) return;
  const style = doc.createElement("style");
  style.id = id;
  style.textContent = css;
  doc.head.appendChild(style);
}

export function installStyles(doc: Document): void {
  installStyleSheet(doc, STYLE_ELEMENT_ID, CSS);
}
