// The feature tabs of the signed-in pane. A feature mounts its screen by replacing the render of
// its tab here (one line), e.g. `render: () => <ImportScreen session={session} />`.
import { useState } from "preact/hooks";
import { t } from "../i18n";
import { BoqTab } from "./boq/BoqTab";
import { Tabs, type TabItem } from "./components";
import { HistoryTab } from "./import/HistoryTab";
import { ImportTab, usePickUpRunningImport } from "./import/ImportTab";

export type FeatureId = "import" | "history" | "boq";

function BoqIntro() {
  return (
    <div class="fui-stack-s">
      <p class="fui-text">{t("shell.boqIntro")}</p>
      <p class="fui-text">
        <code class="fui-code">{t("shell.boqExample")}</code>
      </p>
      <p class="fui-caption">{t("shell.boqRefresh")}</p>
      <BoqTab />
    </div>
  );
}

export function featureTabs(): TabItem[] {
  return [
    { id: "import", label: t("shell.tabImport"), render: () => <ImportTab /> },
    { id: "history", label: t("history.tab"), render: () => <HistoryTab /> },
    { id: "boq", label: t("shell.tabBoq"), render: () => <BoqIntro /> },
  ];
}

export function FeatureTabs({ initial = "import" }: { initial?: FeatureId }) {
  const [selected, setSelected] = useState<string>(initial);
  usePickUpRunningImport();
  return (
    <Tabs label={t("shell.featuresLabel")} tabs={featureTabs()} selected={selected} onSelect={setSelected} />
  );
}
