import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { appSourceFiles, mantineStylesheets } from './mantine-styles';

const dir = mkdtempSync(join(tmpdir(), 'mantine-styles-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const sheet = (name: string) => `@mantine/core/styles/${name}.css`;

describe('Mantine stylesheets the app needs', () => {
  it('are the base three, then each component used and those it draws with, in the library order', () => {
    const file = join(dir, 'page.tsx');
    writeFileSync(file, "import {\n  Modal,\n  type ModalProps,\n  TextInput,\n} from '@mantine/core';\n");
    const sheets = mantineStylesheets([file]);
    expect(sheets.slice(0, 3)).toEqual([sheet('baseline'), sheet('default-css-variables'), sheet('global')]);
    for (const name of ['Modal', 'ModalBase', 'Overlay', 'CloseButton', 'Input'])
      expect(sheets).toContain(sheet(name));
    expect(sheets).not.toContain(sheet('Table'));
    expect(sheets.indexOf(sheet('ModalBase'))).toBeLessThan(sheets.indexOf(sheet('Modal')));
  });

  it('include the shared parts a component draws with from utils/ (the label beside a Switch)', () => {
    const file = join(dir, 'form.tsx');
    writeFileSync(file, "import { Radio, Switch } from '@mantine/core';\n");
    const sheets = mantineStylesheets([file]);
    for (const name of ['Switch', 'Radio', 'InlineInput']) expect(sheets).toContain(sheet(name));
  });

  it("cover the app's own sources and the notifications and charts packages", () => {
    const sheets = mantineStylesheets(appSourceFiles(join(import.meta.dirname, '..', 'src')));
    // The toast host and the chart's legend swatches come from the companion packages.
    expect(sheets).toContain(sheet('Notification'));
    expect(sheets).toContain(sheet('ColorSwatch'));
    expect(sheets).toContain(sheet('SegmentedControl'));
    expect(sheets.length).toBeLessThan(70);
  });
});
