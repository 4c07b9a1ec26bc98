/**
 * Lines the operators' CLIs ask for (a password, an email): typed at a prompt in a terminal
 * (hidden for a password), else the next line of what is piped in.
 */

export class Interrupted extends Error {}

/** Reads a line from the terminal, echoing it or not. */
function promptTerminal(question: string, hidden: boolean): Promise<string> {
  const stdin = process.stdin;
  process.stderr.write(question);
  stdin.setRawMode(true);
  stdin.setEncoding('utf8');
  stdin.resume();
  return new Promise((resolve, reject) => {
    let value = '';
    const finish = () => {
      stdin.off('data', onData);
      stdin.setRawMode(false);
      stdin.pause();
      process.stderr.write('\n');
    };
    const onData = (chunk: string) => {
      for (const ch of chunk) {
        if (ch === '\r' || ch === '\n') {
          finish();
          return resolve(value);
        }
        if (ch === '\u0003' || ch === '\u0004') {
          finish();
          return reject(new Interrupted());
        }
        if (ch === '\u007f' || ch === '\b') {
          if (value !== '' && !hidden) process.stderr.write('\b \b');
          value = [...value].slice(0, -1).join('');
        } else if (ch >= ' ') {
          value += ch;
          if (!hidden) process.stderr.write(ch);
        }
      }
    };
    stdin.on('data', onData);
  });
}

let piped: Promise<string[]> | undefined;

async function pipedLines(): Promise<string[]> {
  let input = '';
  for await (const chunk of process.stdin) input += String(chunk);
  return input.split(/\r?\n/);
}

/** The answer to `question`: typed in a terminal, else the next line piped in ('' when there is none). */
export async function promptLine(question: string, options: { hidden: boolean }): Promise<string> {
  if (process.stdin.isTTY) return promptTerminal(question, options.hidden);
  piped ??= pipedLines();
  const lines = await piped;
  return lines.shift() ?? '';
}
