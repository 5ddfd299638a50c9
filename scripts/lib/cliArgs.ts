// The command line every file script takes: `<input> <output> [--options]`. Prints the usage and gives the exit
// code instead of the arguments when they are wrong (2) or --help asked for it (0).
import { parseArgs, type ParseArgsConfig } from 'node:util';

type Options = NonNullable<ParseArgsConfig['options']>;
type Values<O extends Options> = ReturnType<typeof parseArgs<{ options: O }>>['values'];

export function inputOutputArgs<O extends Options>(
  options: O,
  usage: string,
): { input: string; output: string; values: Values<O> } | number {
  let parsed;
  try {
    parsed = parseArgs({ options: { ...options, help: { type: 'boolean' } }, allowPositionals: true });
  } catch (error) {
    process.stderr.write(`${(error as Error).message}\n${usage}`);
    return 2;
  }
  const { values, positionals } = parsed;
  const help = (values as { help?: boolean }).help === true;
  const [input, output] = positionals;
  if (help || !input || !output || positionals.length !== 2) {
    process.stderr.write(usage);
    return help ? 0 : 2;
  }
  return { input, output, values: values as Values<O> };
}
