const ESC = String.fromCharCode(27);
const PARTS = new RegExp(`(${ESC}\\[[\\d;]*[A-Za-z]|\\n)`);
const CONTROL = new RegExp(`^${ESC}\\[([\\d;]*)([A-Za-z])$`);

/**
 * A terminal that understands what the banner and the terminal log write: lines, cursor up (ESC[nA),
 * clear below (ESC[0J) and colours (ESC[…m, ignored). `isTTY` as a terminal's stdout says it.
 */
export class FakeTerminal {
  readonly isTTY = true;
  columns = 100;
  /** Every write, as written. */
  writes: string[] = [];
  private lines: string[] = [''];
  private row = 0;

  write(text: string): boolean {
    this.writes.push(text);
    for (const part of text.split(PARTS)) {
      const control = CONTROL.exec(part);
      if (part === '\n') {
        this.row++;
        if (this.row === this.lines.length) this.lines.push('');
      } else if (control?.[2] === 'A') {
        this.row = Math.max(0, this.row - Number(control[1] || 1));
      } else if (control?.[2] === 'J') {
        this.lines.length = this.row + 1;
        this.lines[this.row] = '';
      } else if (control) {
        // colours: nothing on screen
      } else {
        this.lines[this.row] += part;
      }
    }
    return true;
  }

  /** Everything written, as one string. */
  output(): string {
    return this.writes.join('');
  }

  /** What the terminal shows, without the empty line the cursor waits on. */
  screen(): string[] {
    return this.lines.at(-1) === '' ? this.lines.slice(0, -1) : [...this.lines];
  }
}

/** `ESC[nA`: the cursor moved up n rows (a redraw in place). */
export const CURSOR_UP = new RegExp(`${ESC}\\[\\d+A`);
export { ESC };
