/** Runs one bench file's rows on their own (`npx tsx bench/<file>.ts`) and prints them as a table. */
export type Add = (row: string, figure: string, baseline?: string) => void;

/** Does nothing unless `meta` is the file node was started with. */
export async function runAlone(meta: ImportMeta, bench: (add: Add) => Promise<void>): Promise<void> {
  if (meta.url !== `file://${process.argv[1]}`) return;
  const rows: string[] = [];
  await bench((row, figure, baseline = '') => {
    const line = `| ${row} | ${figure} | ${baseline} |`;
    rows.push(line);
    console.log(line);
  });
  console.log(`\n| row | figure | baseline in the same run |\n|---|---|---|\n${rows.join('\n')}`);
  // Done: a socket some bench left to close itself must not keep the process waiting.
  process.exit(0);
}
