// Prints how a room of src/ is built, counted from its imports (graph.ts): files per inner room,
// arrows, the floors they give the files, arrows running upward, circles and what they pass.
//
//   npm run counts -- src/import
//   node -r ./bench/register.cjs test/architecture/counts.ts src/import [more rooms]
import { countRoom, formatCounts, roomImports } from "./graph";
import { createSrcProgram, INNER_FLOORS } from "./rooms";

const rooms = process.argv.slice(2);
if (rooms.length === 0) {
  process.stderr.write("usage: counts.ts <room folder, such as src/import> ...\n");
  process.exit(2);
}
const program = createSrcProgram();
const out = rooms.map((room) => {
  const name = room.replace(/\/$/, "").replace(/^src\//, "");
  return formatCounts(countRoom(roomImports(program, room), INNER_FLOORS[name] ?? []));
});
process.stdout.write(`${out.join("\n\n")}\n`);
