// The preview: exactly what will be sent (positions, deletions, company, catalog), the tree the
// platform will build from the codes sent (rows left out are out of it), level by level, the dry
// run's predicted outcome, the Guid write-back and Result column choices, and Import (which asks
// first when most rows hang under a parent code not in the list).
import { useMemo, useState } from "preact/hooks";
import type { TreeNode as CodeNode } from "../../catalog";
import { missingParentsAsk } from "../../import";
import { errorText, t } from "../../i18n";
import { Button, Checkbox, MessageBar, Tree, type TreeNode } from "../components";
import { MissingParentsQuestion } from "./MissingParents";
import { PredictionSection } from "./PredictionSection";
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
  const send = state.send.summary;
  // The tree of what is sent, not of the whole check: rows with errors left out are out of it.
  const tree = send?.tree;
  const byId = useMemo(() => new Map<string, CodeNode>(), [tree]);
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
  const roots = useMemo(() => (tree?.roots ?? []).map(toNode), [tree]);
  const levels = useMemo(() => levelCounts(tree?.roots ?? []), [tree]);
  const [busy, setBusy] = useState(false);
  const [asking, setAsking] = useState(false);
  if (!send || !tree) return null;
  const startImport = () => {
    setAsking(false);
    setBusy(true);
    run(() => pipeline.start().finally(() => setBusy(false)));
  };
  const hasGuidColumn = state.check.mapping?.columns.Guid !== undefined;
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
          roots: tree.roots.length,
          levels: tree.levels,
          orphans: tree.orphans,
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
        errorText={(e) => errorText(e)}
      />
      <PredictionSection state={state} pipeline={pipeline} offerAdd={!asking} />
      {!hasGuidColumn ? (
        <MessageBar intent="warning">{t("import.noGuidColumn")}</MessageBar>
      ) : send.newGuids > 0 || !state.check.choices.writeBackGuids ? (
        <Checkbox
          name="writeBackGuids"
          label={t("import.writeBackGuids", { count: send.newGuids })}
          checked={state.check.choices.writeBackGuids}
          onChange={(writeBackGuids) => change({ writeBackGuids })}
        />
      ) : null}
      <Checkbox
        name="resultColumn"
        label={t("import.resultColumn")}
        checked={state.check.choices.resultColumn}
        onChange={(resultColumn) => change({ resultColumn })}
      />
      {asking ? (
        <MissingParentsQuestion
          state={state}
          pipeline={pipeline}
          onImport={startImport}
          onCancel={() => setAsking(false)}
        />
      ) : (
        <div class="fui-row">
          <Button onClick={() => pipeline.back()} name="back">
            {t("import.back")}
          </Button>
          <Button
            appearance="primary"
            name="startImport"
            busy={busy || state.send.prediction === null}
            onClick={() => {
              // Most rows would be ignored for a missing parent: asked first, with the fix.
              if (missingParentsAsk(state.send.prediction) !== null) setAsking(true);
              else startImport();
            }}
          >
            {t("import.startImport")}
          </Button>
        </div>
      )}
    </>
  );
}
