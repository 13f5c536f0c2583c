// The task pane's styles live with its code, not in taskpane.html, so the shell looks the same
// on the shared-runtime page and inside the workbench's side panel.

const STYLE_ELEMENT_ID = "boq-bridge-styles";

const CSS = `
#app {
  margin: 0;
  font-family:
    "Segoe UI",
    system-ui,
    -apple-system,
    sans-serif;
  font-size: 14px;
  color: #242424;
  background: #ffffff;
}
.boq-shell {
  display: flex;
  flex-direction: column;
  min-height: 100%;
}
.boq-header {
  display: flex;
  align-items: center;
  gap: 10px;
  padding: 12px 16px;
  background: #0b5563;
  color: #ffffff;
}
.boq-title {
  margin: 0;
  font-size: 18px;
  font-weight: 600;
}
.boq-tagline {
  margin: 2px 0 0;
  font-size: 12px;
  opacity: 0.9;
}
.boq-status {
  margin: 0;
  padding: 8px 16px;
  font-size: 12px;
  background: #eef6f7;
  border-bottom: 1px solid #d4e4e6;
}
.boq-screens {
  padding: 12px 16px;
}
.boq-intro h2 {
  margin: 0 0 8px;
  font-size: 15px;
  font-weight: 600;
}
.boq-intro ul {
  margin: 0;
  padding-left: 18px;
  line-height: 1.5;
}
code {
  font-family: Consolas, "Courier New", monospace;
  font-size: 12px;
}
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
