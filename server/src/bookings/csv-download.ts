import { stringify } from 'csv-stringify';
import type { Response } from 'express';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { logger } from '../shared/logging.js';
import type { LastBookingChange } from './booking-history.js';
import { CSV_BOM, NO_DATA, csvOptions, lastChangeCells, lastChangeHeaders } from './csv-format.js';

/** One staff download: its file, its columns and its rows read page by page. */
export interface CsvDownload<Item> {
  fileName: string;
  headers: readonly string[];
  pages: AsyncGenerator<readonly Item[]>;
  row: (item: Item) => string[];
  /** With the last-change columns: the booking number of an item and how to read the newest entries of a page. */
  lastChange?: { numberOf: (item: Item) => string; read: (numbers: string[]) => Promise<Map<string, LastBookingChange>> };
  /** Names the download in the log when it breaks off. */
  label: string;
}

/**
 * Answers with the download, streamed page by page. The first page is read before the headers, so
 * a refusal or a database error still answers as a problem; a later error cuts the download off
 * (the headers are gone) and is logged. Personal data: no shared cache keeps it.
 */
export async function sendCsvDownload<Item>(res: Response, download: CsvDownload<Item>): Promise<void> {
  const { pages, row, lastChange } = download;
  const first = await pages.next();
  res.status(200);
  res.setHeader('Content-Type', 'text/csv; charset=utf-8');
  res.setHeader('Content-Disposition', `attachment; filename="${download.fileName}"`);
  res.setHeader('Cache-Control', 'no-store');
  if (first.done) return void res.end(`${CSV_BOM}${NO_DATA}`);
  res.write(CSV_BOM);
  async function* linesOf(items: readonly Item[]) {
    const changes = lastChange ? await lastChange.read(items.map(lastChange.numberOf)) : null;
    for (const item of items) yield changes && lastChange ? [...row(item), ...lastChangeCells(changes.get(lastChange.numberOf(item)))] : row(item);
  }
  async function* lines() {
    yield* linesOf(first.value ?? []);
    for await (const page of pages) yield* linesOf(page);
  }
  const headers = lastChange ? [...download.headers, ...lastChangeHeaders] : download.headers;
  try {
    await pipeline(Readable.from(lines()), stringify(csvOptions(headers)), res);
  } catch (error) {
    logger.error({ err: error }, `[csv] ${download.label} aborted`);
    res.destroy();
  }
}
