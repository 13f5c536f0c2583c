// The preview: exactly what will be sent (positions, deletions, company, catalog), the tree the
// platform will build from the codes, level by level, the Guid write-back and Result column
// choices, and Import.
import { useMemo, useState } from "preact/hooks";
import type { TreeNode as CodeNode } from "../../catalog";
import { t } from "../../i18n";
import { Button, Checkbox, MessageBar, Tree, type TreeNode } from "../components";
import { Heading, run, type ImportActions, type ScreenProps } from "./screen";

function levelCounts(roots: readonly CodeNode[]): number[] {
  const counts: number[] = [];
  const stack: [CodeNode, number][] = roots.map((n) => [n, 0]);
  while (stack.length > 0) {
    const [node, level] = stack.pop() as [CodeNode, number];
    counts[level] = (counts[level] ?? 0) + 1;
    for (const c of node.children) stack.push([c, level + 1]);
  }
  return counts;
}

export function PreviewScreen({ state, pipeline, heading }: ScreenProps) {
  const send = state.send;
  const analysis = state.analysis;
  const byId = useMemo(() => new Map<string, CodeNode>(), [analysis]);
  const toNode = (n: CodeNode): TreeNode => {
    const id = `${n.row}:${n.code}`;
    byId.set(id, n);
    return {
      id,
      label: n.name ? `${n.code} ${n.name}` : n.code,
      aside: n.orphan
        ? t("import.orphanMark")
        : n.children.length > 0
          ? String(n.children.length)
          : undefined,
      hasChildren: n.children.length > 0,
    };
  };
  const roots = useMemo(() => (analysis?.tree.roots ?? []).map(toNode), [analysis]);
  const levels = useMemo(() => levelCounts(analysis?.tree.roots ?? []), [analysis]);
  const [busy, setBusy] = useState(false);
  if (!send || !analysis) return null;
  const hasGuidColumn = state.mapping?.columns.Guid !== undefined;
  const change = (choices: Parameters<ImportActions["setChoices"]>[0]) => {
    // A changed choice goes back to the check in the pipeline; the preview is built again at once.
    pipeline.setChoices(choices);
    void pipeline.preview();
  };
  return (
    <>
      <Heading heading={heading} text={t("import.previewTitle")} />
      <ul class="boq-import-list" data-testid="import-send">
        <li class="fui-text">{t("import.previewPositions", { count: send.positions })}</li>
        <li class="fui-text">{t("import.previewDeletions", { count: send.deletions })}</li>
        {send.skippedRows > 0 && (
          <li class="fui-text">{t("import.previewSkipped", { count: send.skippedRows })}</li>
        )}
        <li class="fui-text">
          {t("import.previewTarget", {
            catalog: send.catalogName,
            company: send.companyName || send.companyId,
          })}
        </li>
      </ul>
      <p class="fui-text" data-testid="import-levels">
        {t("import.previewLevels", {
          roots: analysis.tree.roots.length,
          levels: analysis.tree.levels,
          orphans: analysis.tree.orphans,
        })}
      </p>
      <ul class="boq-import-list">
        {levels.map((count, level) => (
          <li key={level} class="fui-caption">
            {t("import.levelCount", { level: level + 1, count })}
          </li>
        ))}
      </ul>
      <Tree
        label={t("import.previewTitle")}
        nodes={roots}
        loadChildren={(node) => Promise.resolve((byId.get(node.id)?.children ?? []).map(toNode))}
        loadingText={t("import.loadingTree")}
        errorText={(e) => (e instanceof Error ? e.message : String(e))}
      />
      {!hasGuidColumn ? (
        <MessageBar intent="warning">{t("import.noGuidColumn")}</MessageBar>
      ) : send.newGuids > 0 || !state.choices.writeBackGuids ? (
        <Checkbox
          name="writeBackGuids"
          label={t("import.writeBackGuids", { count: send.newGuids })}
          checked={state.choices.writeBackGuids}
          onChange={(writeBackGuids) => change({ writeBackGuids })}
        />
      ) : null}
      <Checkbox
        name="resultColumn"
        label={t("import.resultColumn")}
        checked={state.choices.resultColumn}
        onChange={(resultColumn) => change({ resultColumn })}
      />
      <div class="fui-row">
        <Button onClick={() => pipeline.back()} name="back">
          {t("import.back")}
        </Button>
        <Button
          appearance="primary"
          name="startImport"
          busy={busy}
          onClick={() => {
            setBusy(true);
            run(() => pipeline.start().finally(() => setBusy(false)));
          }}
        >
          {t("import.startImport")}
        </Button>
      </div>
    </>
  );
}
