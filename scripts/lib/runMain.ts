// How a script that holds workers or a browser ends: with its main's exit code, or with the stack of what it
// threw and code 1. process.exit, not exitCode: a pool worker or a browser left open would keep it running.
export function runMain(main: () => Promise<number>): void {
  main().then(
    (code) => process.exit(code),
    (error: unknown) => {
      process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
      process.exit(1);
    },
  );
}
