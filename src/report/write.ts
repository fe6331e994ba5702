import { join } from 'node:path';
import { fileError } from '../io/read-text.js';
import { writeFileAtomic } from '../io/atomic-write.js';
import { reportClientScript } from './client-script.js';
import type { ReportData } from './data.js';
import { renderReportHtml } from './html.js';

/** Where `dsctl report` writes by default, project-relative. */
export const REPORT_DIR = '.dsctl/report';
export const REPORT_FILE = 'index.html';

/** Writes `<dir>/index.html` atomically and returns its path and size in bytes. */
export async function writeReport(dir: string, data: ReportData): Promise<{ file: string; bytes: number }> {
  const html = renderReportHtml(data, await reportClientScript());
  const file = join(dir, REPORT_FILE);
  try {
    writeFileAtomic(file, html);
  } catch (error) {
    throw fileError(error, file, 'report');
  }
  return { file, bytes: Buffer.byteLength(html) };
}
