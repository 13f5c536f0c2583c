// The navigator's models in their folder tree, as the project holds them: top-level models and
// union models first, then each folder with its models, union models and subfolders. A union
// model says so beside its name. Data by props.
import type { Folder, Project } from "../../api/schemas";
import { t } from "../../i18n";
import "../../i18n/deferred"; // the navigator's messages load with this module
import { Tree, type TreeNode } from "../components";

/** The value the navigator keeps for a model: its kind and id ("union:<id>"). */
export function modelKey(kind: "model" | "union", id: string): string {
  return `${kind}:${id}`;
}

function leaf(kind: "model" | "union", m: { id: string; name: string }): TreeNode {
  return {
    id: modelKey(kind, m.id),
    label: m.name,
    aside: kind === "union" ? t("boq.navUnionSuffix") : undefined,
  };
}

function folderNodes(folders: readonly Folder[], path: string): TreeNode[] {
  return folders.map((f) => {
    const id = `folder:${path}/${f.name}`;
    return {
      id,
      label: f.name,
      children: [
        ...f.models.map((m) => leaf("model", m)),
        ...f.unionModels.map((m) => leaf("union", m)),
        ...folderNodes(f.folders, `${path}/${f.name}`),
      ],
    };
  });
}

export function modelTreeNodes(project: Project): TreeNode[] {
  return [
    ...project.models.map((m) => leaf("model", m)),
    ...project.unionModels.map((m) => leaf("union", m)),
    ...folderNodes(project.folders, ""),
  ];
}

export interface ModelTreeProps {
  project: Project;
  selected: string;
  onSelect: (key: string) => void;
}

export function ModelTree({ project, selected, onSelect }: ModelTreeProps) {
  return (
    <div class="fui-stack-s">
      <span id="boq-nav-model-label" class="fui-body-strong">
        {t("boq.navModel")}
      </span>
      <div class="boq-nav-tree">
        <Tree
          label={t("boq.navModel")}
          nodes={modelTreeNodes(project)}
          selected={selected || null}
          onSelect={(node) => {
            if (!node.id.startsWith("folder:")) onSelect(node.id);
          }}
          loadingText={t("boq.navLoading")}
          errorText={() => ""}
        />
      </div>
      <p class="fui-caption">{t("boqnav.modelTreeHint")}</p>
    </div>
  );
}
