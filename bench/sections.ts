// Which sections of the bench run: `npm run bench -- --only=bundles,pane`.

/** The words of `--only=a,b` (lower case), or null when every section runs. */
export function sectionFilter(argv: readonly string[]): string[] | null {
  const arg = argv.find((a) => a.startsWith("--only="));
  if (arg === undefined) return null;
  const words = arg
    .slice("--only=".length)
    .split(",")
    .map((w) => w.trim().toLowerCase())
    .filter((w) => w !== "");
  return words.length > 0 ? words : null;
}

/** Whether a section runs under the filter: its name contains one of the words. */
export function sectionChosen(name: string, filter: readonly string[] | null): boolean {
  if (filter === null) return true;
  const lower = name.toLowerCase();
  return filter.some((word) => lower.includes(word));
}
