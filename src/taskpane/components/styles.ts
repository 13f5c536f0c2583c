// The component layer's style sheet: Fluent 2 shapes on the tokens of tokens.ts. Installed once
// per document by <ThemeRoot>; class names start with "fui-" so feature screens never restyle a
// control by accident (they lay out with the fui-stack / fui-row helpers instead).
import { tokensCss } from "./tokens";

const STYLE_ELEMENT_ID = "boq-bridge-components";

// The focus indicator: Fluent's double ring (2 px colorStrokeFocus2 outside a 1 px
// colorStrokeFocus1), black on white in light theme and white on black in dark theme, so the ring
// has at least 3:1 against both the control and the pane on every control, the brand button too.
const FOCUS = `outline: var(--strokeWidthThick) solid var(--colorStrokeFocus2); outline-offset: 1px;
  box-shadow: 0 0 0 1px var(--colorStrokeFocus1);`;

const CSS = `
.fui-root {
  font-family: var(--fontFamilyBase);
  font-size: var(--fontSizeBase300);
  line-height: var(--lineHeightBase300);
  color: var(--colorNeutralForeground1);
  background: var(--colorNeutralBackground1);
  -webkit-font-smoothing: antialiased;
}
.fui-root *, .fui-root *::before, .fui-root *::after { box-sizing: border-box; }
.fui-root :focus { outline: none; }
.fui-root :focus-visible { ${FOCUS} }
/* A heading or region focused by the pane (a new view) is a reading position, not a control. */
.fui-root [tabindex="-1"]:focus-visible { outline: none; box-shadow: none; }

/* Type ramp */
.fui-title { font-size: var(--fontSizeBase500); line-height: var(--lineHeightBase500); font-weight: 600; margin: 0; }
.fui-subtitle { font-size: var(--fontSizeBase400); line-height: var(--lineHeightBase400); font-weight: 600; margin: 0; }
.fui-body-strong { font-weight: 600; }
.fui-caption { font-size: var(--fontSizeBase200); line-height: var(--lineHeightBase200); color: var(--colorNeutralForeground3); margin: 0; }
.fui-text { margin: 0; }
.fui-lines { margin: 0; padding-inline-start: var(--spacingHorizontalL); display: flex; flex-direction: column; gap: var(--spacingVerticalXS); overflow-wrap: anywhere; }
.fui-code { font-family: var(--fontFamilyMonospace); font-size: var(--fontSizeBase200); }

/* Layout helpers */
.fui-stack { display: flex; flex-direction: column; gap: var(--spacingVerticalM); }
.fui-stack-s { display: flex; flex-direction: column; gap: var(--spacingVerticalS); }
.fui-row { display: flex; flex-wrap: wrap; align-items: center; gap: var(--spacingHorizontalS); }
.fui-row-end { justify-content: flex-end; }
.fui-divider { border: 0; border-top: var(--strokeWidthThin) solid var(--colorNeutralStroke2); margin: var(--spacingVerticalS) 0; width: 100%; }
.fui-visually-hidden { position: absolute; width: 1px; height: 1px; margin: -1px; padding: 0; overflow: hidden; clip: rect(0 0 0 0); white-space: nowrap; border: 0; }

/* Buttons */
.fui-button {
  display: inline-flex; align-items: center; justify-content: center; gap: 6px;
  min-height: 32px; min-width: 96px; padding: 5px 12px; margin: 0;
  font: inherit; font-weight: 600; line-height: var(--lineHeightBase300);
  border-radius: var(--borderRadiusMedium);
  border: var(--strokeWidthThin) solid var(--colorNeutralStroke1);
  background: var(--colorNeutralBackground1); color: var(--colorNeutralForeground1);
  cursor: pointer; transition: background var(--durationNormal) var(--curveEasyEase);
  text-align: center;
}
.fui-button:hover { background: var(--colorNeutralBackground1Hover); border-color: var(--colorNeutralStroke1Hover); }
.fui-button:active { background: var(--colorNeutralBackground1Pressed); }
.fui-button--primary { background: var(--colorBrandBackground); color: var(--colorNeutralForegroundOnBrand); border-color: transparent; }
.fui-button--primary:hover { background: var(--colorBrandBackgroundHover); border-color: transparent; }
.fui-button--primary:active { background: var(--colorBrandBackgroundPressed); }
.fui-button--subtle { background: transparent; border-color: transparent; color: var(--colorNeutralForeground2); min-width: 0; }
.fui-button--subtle:hover { background: var(--colorSubtleBackgroundHover); }
.fui-button--link {
  background: transparent; border-color: transparent; color: var(--colorBrandForegroundLink);
  min-width: 0; min-height: 0; padding: 0 2px; font-weight: 400; text-decoration: underline;
  text-align: start; justify-content: flex-start;
}
.fui-button--link:hover { background: transparent; color: var(--colorBrandForegroundLinkHover); }
.fui-button--block { width: 100%; }
.fui-button--small { min-height: 24px; min-width: 64px; padding: 2px 8px; font-size: var(--fontSizeBase200); }
.fui-button:disabled, .fui-button[aria-disabled="true"] {
  background: var(--colorNeutralBackgroundDisabled); border-color: var(--colorNeutralStrokeDisabled);
  color: var(--colorNeutralForegroundDisabled); cursor: not-allowed;
}
.fui-button--link:disabled { background: transparent; border-color: transparent; }
.fui-button .fui-spinner { --fui-spinner-size: 16px; }

/* Field: label, control, hint or validation message */
.fui-field { display: flex; flex-direction: column; gap: 2px; min-width: 0; }
.fui-label { font-size: var(--fontSizeBase300); line-height: var(--lineHeightBase300); color: var(--colorNeutralForeground1); font-weight: 400; }
.fui-required { color: var(--colorStatusDangerForeground1); padding-left: 4px; }
.fui-hint { font-size: var(--fontSizeBase200); line-height: var(--lineHeightBase200); color: var(--colorNeutralForeground3); }
.fui-validation { display: flex; gap: 4px; align-items: flex-start; font-size: var(--fontSizeBase200); line-height: var(--lineHeightBase200); color: var(--colorStatusDangerForeground1); }
.fui-validation svg { flex: none; margin-top: 1px; }
.fui-input, .fui-select {
  width: 100%; min-height: 32px; padding: 5px 10px; margin: 0;
  font: inherit; color: var(--colorNeutralForeground1); background: var(--colorNeutralBackground1);
  border: var(--strokeWidthThin) solid var(--colorNeutralStroke1);
  border-bottom-color: var(--colorNeutralStrokeAccessible);
  border-radius: var(--borderRadiusMedium);
}
textarea.fui-input { display: block; resize: vertical; }
.fui-input:hover, .fui-select:hover { border-color: var(--colorNeutralStroke1Hover); border-bottom-color: var(--colorNeutralStrokeAccessible); }
.fui-input:focus-visible, .fui-select:focus-visible, .fui-input:focus, .fui-select:focus {
  outline: none; box-shadow: none;
  border-color: var(--colorNeutralStroke1); border-bottom: var(--strokeWidthThick) solid var(--colorBrandStroke1);
  padding-bottom: 4px;
}
.fui-input[aria-invalid="true"], .fui-select[aria-invalid="true"] { border-color: var(--colorStatusDangerForeground1); }
.fui-input[readonly] { background: var(--colorNeutralBackground3); border-color: var(--colorNeutralStroke2); color: var(--colorNeutralForeground2); }
.fui-input:disabled, .fui-select:disabled { background: var(--colorNeutralBackgroundDisabled); color: var(--colorNeutralForegroundDisabled); border-color: var(--colorNeutralStrokeDisabled); }
.fui-select { appearance: none; padding-right: 32px; cursor: pointer;
  background-image: linear-gradient(45deg, transparent 50%, currentColor 50%), linear-gradient(135deg, currentColor 50%, transparent 50%);
  background-position: calc(100% - 16px) 50%, calc(100% - 11px) 50%; background-size: 5px 5px; background-repeat: no-repeat; }
.fui-select option { background: var(--colorNeutralBackground1); color: var(--colorNeutralForeground1); }

/* Combobox */
.fui-combobox { position: relative; }
.fui-virtual-list { overflow-y: auto; position: relative; overscroll-behavior: contain; }
.fui-listbox {
  position: absolute; z-index: 10; left: 0; right: 0; top: calc(100% + 2px); max-height: 240px; overflow: auto;
  margin: 0; padding: 4px; list-style: none; background: var(--colorNeutralBackground1);
  border-radius: var(--borderRadiusMedium); box-shadow: var(--shadow16);
  border: var(--strokeWidthThin) solid var(--colorNeutralStroke2);
}
.fui-option { padding: 6px 8px; border-radius: var(--borderRadiusMedium); cursor: pointer; }
.fui-option:hover { background: var(--colorNeutralBackground1Hover); }
.fui-option[data-active="true"] { background: var(--colorNeutralBackground1Selected); outline: var(--strokeWidthThick) solid var(--colorStrokeFocus2); outline-offset: -2px; }
.fui-option[aria-selected="true"] { font-weight: 600; }
.fui-option__description { display: block; font-size: var(--fontSizeBase200); font-weight: 400; color: var(--colorNeutralForeground3); }

/* Checkbox and radio: the native input kept (keyboard, form, screen reader) and drawn */
.fui-check { display: inline-flex; align-items: flex-start; gap: 8px; cursor: pointer; padding: 4px 0; }
.fui-check input { flex: none; appearance: none; margin: 2px 0 0; width: 16px; height: 16px; cursor: pointer;
  border: var(--strokeWidthThin) solid var(--colorNeutralStrokeAccessible); background: var(--colorNeutralBackground1);
  border-radius: var(--borderRadiusSmall); display: grid; place-content: center; }
.fui-check input[type="radio"] { border-radius: 50%; }
.fui-check input:checked { background: var(--colorBrandBackground); border-color: var(--colorBrandBackground); }
.fui-check input[type="checkbox"]:checked::after { content: ""; width: 9px; height: 5px; margin-top: -2px;
  border-left: 2px solid var(--colorNeutralForegroundOnBrand); border-bottom: 2px solid var(--colorNeutralForegroundOnBrand); transform: rotate(-45deg); }
.fui-check input[type="radio"]:checked { background: var(--colorNeutralBackground1); border-color: var(--colorBrandBackground); }
.fui-check input[type="radio"]:checked::after { content: ""; width: 8px; height: 8px; border-radius: 50%; background: var(--colorBrandBackground); }
.fui-check input:disabled { border-color: var(--colorNeutralStrokeDisabled); background: var(--colorNeutralBackgroundDisabled); }
.fui-radiogroup { border: 0; margin: 0; padding: 0; display: flex; flex-direction: column; gap: 0; min-width: 0; }
.fui-radiogroup legend { padding: 0; margin-bottom: 2px; }

/* Message bar */
.fui-messagebar {
  display: flex; gap: 8px; align-items: flex-start; padding: 8px 12px; border-radius: var(--borderRadiusMedium);
  border: var(--strokeWidthThin) solid var(--colorInfoBorder1); background: var(--colorInfoBackground1);
  color: var(--colorNeutralForeground1);
}
.fui-messagebar__icon { flex: none; margin-top: 2px; color: var(--colorInfoForeground); }
.fui-messagebar__body { flex: 1; min-width: 0; overflow-wrap: anywhere; }
.fui-messagebar__title { font-weight: 600; margin-right: 4px; }
.fui-messagebar__actions { margin-top: 4px; display: flex; flex-wrap: wrap; gap: 8px; }
.fui-messagebar__details { margin: 6px 0 0; padding: 6px 8px; font-family: var(--fontFamilyMonospace); font-size: var(--fontSizeBase200);
  background: var(--colorNeutralBackground1); color: var(--colorNeutralForeground2); border-radius: var(--borderRadiusMedium); white-space: pre-wrap; }
.fui-messagebar--error { background: var(--colorStatusDangerBackground1); border-color: var(--colorStatusDangerBorder1); }
.fui-messagebar--error .fui-messagebar__icon { color: var(--colorStatusDangerForeground1); }
.fui-messagebar--warning { background: var(--colorStatusWarningBackground1); border-color: var(--colorStatusWarningBorder1); }
.fui-messagebar--warning .fui-messagebar__icon { color: var(--colorStatusWarningForeground3); }
.fui-messagebar--success { background: var(--colorStatusSuccessBackground1); border-color: var(--colorStatusSuccessBorder1); }
.fui-messagebar--success .fui-messagebar__icon { color: var(--colorStatusSuccessForeground1); }

/* Spinner and progress bar */
.fui-spinner-wrap { display: inline-flex; align-items: center; gap: 8px; }
.fui-spinner { --fui-spinner-size: 24px; flex: none; width: var(--fui-spinner-size); height: var(--fui-spinner-size);
  border-radius: 50%; border: 2px solid var(--colorNeutralStroke2); border-top-color: var(--colorBrandStroke1);
  animation: fui-spin 1s linear infinite; }
.fui-spinner--small { --fui-spinner-size: 16px; }
@keyframes fui-spin { to { transform: rotate(360deg); } }
@media (prefers-reduced-motion: reduce) { .fui-spinner { animation-duration: 3s; } }
.fui-progress { display: flex; flex-direction: column; gap: 4px; }
.fui-progress__track { height: 4px; border-radius: var(--borderRadiusMedium); background: var(--colorNeutralBackground1Selected); overflow: hidden; }
.fui-progress__bar { height: 100%; background: var(--colorBrandBackground); border-radius: inherit; transition: width var(--durationNormal) var(--curveEasyEase); }
.fui-progress__bar--indeterminate { width: 33%; animation: fui-indeterminate 1.5s linear infinite; }
@keyframes fui-indeterminate { from { transform: translateX(-100%); } to { transform: translateX(300%); } }

/* Tabs */
.fui-tablist { display: flex; gap: 4px; border-bottom: var(--strokeWidthThin) solid var(--colorNeutralStroke2); overflow-x: auto; }
.fui-tab { position: relative; padding: 8px 10px; margin: 0; border: 0; background: transparent; font: inherit;
  color: var(--colorNeutralForeground2); cursor: pointer; border-radius: var(--borderRadiusMedium) var(--borderRadiusMedium) 0 0; white-space: nowrap; }
.fui-tab:hover { color: var(--colorNeutralForeground1); background: var(--colorSubtleBackgroundHover); }
.fui-tab[aria-selected="true"] { color: var(--colorNeutralForeground1); font-weight: 600; }
.fui-tab[aria-selected="true"]::after { content: ""; position: absolute; left: 10px; right: 10px; bottom: 0; height: 3px;
  border-radius: var(--borderRadiusCircular); background: var(--colorBrandStroke1); }
.fui-tab:focus-visible { outline-offset: -2px; }
.fui-tabpanel { padding-top: var(--spacingVerticalM); }

/* Tree */
.fui-tree, .fui-tree ul { list-style: none; margin: 0; padding: 0; }
.fui-treeitem > .fui-treeitem__row { display: flex; align-items: center; gap: 4px; min-height: 32px; padding: 0 8px 0 calc(8px + var(--fui-level, 0) * 20px);
  border-radius: var(--borderRadiusMedium); cursor: pointer; }
.fui-treeitem > .fui-treeitem__row:hover { background: var(--colorSubtleBackgroundHover); }
.fui-treeitem[aria-selected="true"] > .fui-treeitem__row { background: var(--colorNeutralBackground1Selected); font-weight: 600; }
.fui-treeitem:focus { outline: none; box-shadow: none; }
.fui-treeitem:focus-visible > .fui-treeitem__row { ${FOCUS} outline-offset: -2px; }
.fui-treeitem__chevron { flex: none; width: 16px; height: 16px; display: inline-grid; place-content: center; color: var(--colorNeutralForeground3); transition: transform var(--durationNormal); }
.fui-treeitem[aria-expanded="true"] > .fui-treeitem__row .fui-treeitem__chevron { transform: rotate(90deg); }
.fui-treeitem__aside { margin-left: auto; color: var(--colorNeutralForeground3); font-size: var(--fontSizeBase200); }

/* Dialog (native <dialog>: the top layer, focus containment and Escape come from the browser) */
.fui-dialog { border: 0; padding: 0; border-radius: var(--borderRadiusXLarge); box-shadow: var(--shadow64);
  background: var(--colorNeutralBackground1); color: var(--colorNeutralForeground1); width: min(480px, calc(100vw - 32px)); }
.fui-dialog::backdrop { background: var(--colorBackgroundOverlay); }
.fui-dialog__surface { padding: 20px; display: flex; flex-direction: column; gap: 12px; }
.fui-dialog__actions { display: flex; flex-wrap: wrap; justify-content: flex-end; gap: 8px; }

/* Card: a group of fields on the pane's background */
.fui-card { padding: 12px; border-radius: var(--borderRadiusLarge); background: var(--colorNeutralBackground1);
  border: var(--strokeWidthThin) solid var(--colorNeutralStroke2); box-shadow: var(--shadow4); }
`;

/** Adds the tokens and the component styles to a document once. */
export function installComponentStyles(doc: Document): void {
  if (doc.getElementById(STYLE_ELEMENT_ID)) return;
  const style = doc.createElement("style");
  style.id = STYLE_ELEMENT_ID;
  style.textContent = `${tokensCss()}\n${CSS}`;
  doc.head.appendChild(style);
}
