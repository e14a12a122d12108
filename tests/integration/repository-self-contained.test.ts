import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The repository explains itself: code, tests and docs point to docs/ for the behaviour they rely
 * on, never to documents outside the repository (numbered contract or specification sections,
 * design cards, defect lists, numbered issues). "OpenAPI specification", "RFC 9110 section 12.5.3"
 * or a provider contract are fine: the patterns need the numbering or wording of such pointers.
 */
const OUTSIDE_REFERENCE =
  /rest-contract|\bspecifications? \d|\bthe specification\b|spezifikation|design card|\[DEFECT\]|\bcontracts? \d|\bthe contract's|\bas the contract\b|\bspec \d|\bissues? \d/i;

const ROOT = join(import.meta.dirname, '..', '..');
const THIS_FILE = 'tests/integration/repository-self-contained.test.ts';

/** Generated or vendored files nobody writes by hand. */
const SKIPPED = [/(^|\/)node_modules\//, /^client\/src\/gql\//, /(^|\/)package-lock\.json$/];

/** Being rewritten; the lead removes these entries on merge. */
const TEMPORARILY_ALLOWED: string[] = [];

const allowed = (path: string) =>
  path === THIS_FILE || SKIPPED.some((pattern) => pattern.test(path)) || TEMPORARILY_ALLOWED.some((entry) => (entry.endsWith('/') ? path.startsWith(entry) : path === entry));

function trackedFiles(): string[] {
  return execFileSync('git', ['ls-files', '-z'], { cwd: ROOT, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 })
    .split('\0')
    .filter((path) => path !== '' && !allowed(path));
}

describe('the repository is self-contained', () => {
  it('points to docs/ and never to documents outside the repository', () => {
    const findings: string[] = [];
    for (const path of trackedFiles()) {
      let text: string;
      try {
        text = readFileSync(join(ROOT, path), 'utf8');
      } catch {
        continue; // deleted in the working tree but still tracked
      }
      if (text.includes('\u0000')) continue; // binary
      text.split('\n').forEach((line, index) => {
        if (OUTSIDE_REFERENCE.test(line)) findings.push(`${path}:${index + 1}: ${line.trim().slice(0, 160)}`);
      });
    }
    expect(findings, `references to documents outside the repository:\n${findings.join('\n')}`).toEqual([]);
  });

  it('recognises the pointers it guards against, and not ordinary words', () => {
    for (const pointer of ['(rest-contract 3.9)', 'specification 02 section 4', 'die Spezifikation', 'design card', '[DEFECT]', 'contract 5.1', 'spec 03', 'as the contract demands', 'Issue 3']) {
      expect(OUTSIDE_REFERENCE.test(pointer), pointer).toBe(true);
    }
    for (const word of ['the OpenAPI specification', 'RFC 9110 section 12.5.3', 'without a provider contract', 'graphql-multipart-request-spec', 'booking.spec.ts', 'issue a receipt']) {
      expect(OUTSIDE_REFERENCE.test(word), word).toBe(false);
    }
  });
});
