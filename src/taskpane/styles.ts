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
.boq-import-list { margin: 0; padding-left: var(--spacingHorizontalL); }
.boq-import-mapping-edit > summary { cursor: pointer; color: var(--colorBrandForeground1); border-radius: var(--borderRadiusMedium); }
.boq-import-mapping-edit > summary:focus-visible { outline: 2px solid var(--colorStrokeFocus2); outline-offset: 2px; }
.boq-import-mapping-edit[open] > summary { margin-bottom: var(--spacingVerticalS); }
.boq-import-problems { list-style: none; margin: 0; padding: 0; display: flex; flex-direction: column; gap: var(--spacingVerticalXS); }
.boq-import-problem {
  display: flex; flex-direction: column; gap: 2px; width: 100%; text-align: left; cursor: pointer;
  font: inherit; font-size: var(--fontSizeBase300); line-height: var(--lineHeightBase300);
  color: var(--colorNeutralForeground1); background: var(--colorNeutralBackground1);
  border: var(--strokeWidthThin) solid var(--colorNeutralStroke2); border-left-width: 4px;
  border-radius: var(--borderRadiusMedium); padding: var(--spacingVerticalS) var(--spacingHorizontalM);
}
.boq-import-problem:hover { background: var(--colorNeutralBackground1Hover); }
.boq-import-problem:focus-visible { outline: 2px solid var(--colorStrokeFocus2); outline-offset: 1px; }
.boq-import-problem-error { border-left-color: var(--colorStatusDangerForeground1); }
.boq-import-problem-warning { border-left-color: var(--colorStatusWarningForeground1, #bc4b09); }
.boq-import-problem-where { font-weight: 600; overflow-wrap: anywhere; }
.boq-import-problem-what, .boq-import-problem-fix { overflow-wrap: anywhere; }
.boq-import-problem-fix { color: var(--colorNeutralForeground2); }
.boq-import-link { text-align: left; justify-content: flex-start; height: auto; padding-left: 0; padding-right: 0; }
.boq-import-reserved { min-height: var(--lineHeightBase200); }
.boq-nav-tree { border: 1px solid var(--colorNeutralStroke1); border-radius: var(--borderRadiusMedium); max-height: 240px; overflow: auto; }
.boq-nav-card { display: flex; flex-direction: column; gap: var(--spacingVerticalS); padding: var(--spacingVerticalS) var(--spacingHorizontalM); border: 1px solid var(--colorNeutralStroke2); border-radius: var(--borderRadiusMedium); background: var(--colorNeutralBackground2); min-width: 0; }
.boq-nav-h3 { margin: 0; }
.boq-nav-pairs { margin: 0; display: grid; grid-template-columns: max-content minmax(0, 1fr); gap: 2px var(--spacingHorizontalM); }
.boq-nav-pair { display: contents; }
.boq-nav-pairs dt { color: var(--colorNeutralForeground3); }
.boq-nav-pairs dd { margin: 0; overflow-wrap: anywhere; }
.boq-nav-table { width: 100%; border-collapse: collapse; table-layout: fixed; font-size: var(--fontSizeBase200); }
.boq-nav-table caption { text-align: left; padding-bottom: 2px; }
.boq-nav-table th { text-align: left; font-weight: 600; border-bottom: 1px solid var(--colorNeutralStroke1); padding: 2px 4px; }
.boq-nav-table td { padding: 2px 4px; vertical-align: top; overflow-wrap: anywhere; border-bottom: 1px solid var(--colorNeutralStroke2); }
.boq-nav-table th:first-child, .boq-nav-table td:first-child { width: 20%; }
.boq-nav-table th:last-child, .boq-nav-table td:last-child { width: 34%; }
.boq-nav-num { text-align: right; font-variant-numeric: tabular-nums; white-space: nowrap; }
.boq-cmp-totals { grid-template-columns: minmax(0, 1fr) max-content; }
.boq-cmp-totals dd { text-align: right; white-space: nowrap; font-variant-numeric: tabular-nums; }
.boq-cmp-up { color: var(--colorStatusDangerForeground1); }
.boq-cmp-down { color: var(--colorStatusSuccessForeground1); }
.boq-cmp-counts { list-style: none; margin: 0; padding: 0; display: grid; grid-template-columns: repeat(auto-fill, minmax(84px, 1fr)); gap: var(--spacingVerticalXS) var(--spacingHorizontalS); }
.boq-cmp-count { display: flex; flex-direction: column; padding: 2px var(--spacingHorizontalS); border-left: 3px solid var(--colorNeutralStroke1); }
.boq-cmp-count-n { font-weight: 600; font-variant-numeric: tabular-nums; }
.boq-cmp-added { border-left-color: var(--colorStatusSuccessForeground1); }
.boq-cmp-removed { border-left-color: var(--colorStatusDangerForeground1); }
.boq-cmp-changed { border-left-color: var(--colorStatusWarningForeground1, #bc4b09); }
.boq-cmp-moved { border-left-color: var(--colorBrandForeground1); }
.boq-cmp-sections th:first-child, .boq-cmp-sections td:first-child { width: auto; }
.boq-cmp-sections th:last-child, .boq-cmp-sections td:last-child { width: 40%; }
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
