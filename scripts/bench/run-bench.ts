/** Runs a benchmark's main and exits with its outcome (a bench leaves servers and pools behind otherwise). */
export function runBench(main: () => Promise<void>): void {
  void main().then(
    () => process.exit(0),
    (err) => {
      console.error(err);
      process.exit(1);
    },
  );
}
