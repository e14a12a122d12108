import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HttpClient, HttpResponse } from '../support/http.js';
import { expectGraphql, expectRest } from '../support/matrix-expect.js';
import { actorNames, createActors, type ActorName, type Actors } from '../support/permission-matrix.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

/**
 * Files through REST (api/{tenantId}/files) and GraphQL (files, uploadFile,
 * deleteFile): the permission matrix, the 10,000,000-byte limit, the extension allow-lists,
 * traversal attempts and planted links, protected files for members only, tenant isolation, and
 * that a refused upload leaves nothing on the disk.
 */
let app: TestApp;
let actors: Actors;
let outside: string;

beforeAll(async () => {
  app = await startTestApp();
  actors = await createActors(app, 'manageBookables', 'rooms');
  outside = mkdtempSync(path.join(os.tmpdir(), 'bp-files-outside-'));
});
afterAll(async () => {
  rmSync(outside, { recursive: true, force: true });
  await app?.close();
});

const tenantDir = (tenantId = actors.tenant.id) => path.join(app.config.filesDir, tenantId);
const url = (p = '', tenantId = actors.tenant.id) => `/api/${tenantId}/files${p}`;

/** Every file (not folder) below a folder, recursively, as relative paths; links listed too. */
function filesBelow(folder: string): string[] {
  if (!existsSync(folder)) return [];
  return readdirSync(folder, { recursive: true, withFileTypes: true })
    .filter((entry) => !entry.isDirectory())
    .map((entry) => path.relative(folder, path.join(entry.parentPath, entry.name)))
    .sort();
}

function bytes(size: number, fill = 0x61): Blob {
  return new Blob([Buffer.alloc(size, fill)]);
}

interface UploadOptions {
  name?: string;
  content?: Blob;
  accessLevel?: string;
  customDirectory?: string;
  imagesOnly?: boolean;
  tenantId?: string;
}

function restUpload(client: HttpClient, options: UploadOptions = {}): Promise<HttpResponse> {
  const form = new FormData();
  form.append('accessLevel', options.accessLevel ?? 'public');
  if (options.customDirectory !== undefined) form.append('customDirectory', options.customDirectory);
  if (options.imagesOnly) form.append('imagesOnly', 'true');
  form.append('file', options.content ?? bytes(10), options.name ?? 'plan.pdf');
  // As a browser on the product's own page sends it: Origin, no custom header.
  return client.request('POST', url('', options.tenantId), { body: form, headers: { origin: app.url } });
}

const UPLOAD = `mutation($tenantId: ID!, $file: Upload!, $accessLevel: FileAccessLevel!, $customDirectory: String, $imagesOnly: Boolean! = false) {
  uploadFile(tenantId: $tenantId, file: $file, accessLevel: $accessLevel, customDirectory: $customDirectory, imagesOnly: $imagesOnly) { filename basename size accessLevel link mime }
}`;

/** A GraphQL multipart request (graphql-multipart-request-spec) with Apollo's preflight header. */
async function gqlUpload(client: HttpClient, options: UploadOptions = {}) {
  const form = new FormData();
  const variables = {
    tenantId: options.tenantId ?? actors.tenant.id,
    file: null,
    accessLevel: options.accessLevel ?? 'public',
    customDirectory: options.customDirectory ?? null,
    imagesOnly: options.imagesOnly ?? false,
  };
  form.append('operations', JSON.stringify({ query: UPLOAD, variables }));
  form.append('map', JSON.stringify({ 0: ['variables.file'] }));
  form.append('0', options.content ?? bytes(10), options.name ?? 'plan.pdf');
  const response = await client.request('POST', '/graphql', { body: form, headers: { 'apollo-require-preflight': 'true' } });
  const payload = (response.json ?? {}) as { data?: { uploadFile: Record<string, unknown> } | null; errors?: { message: string; extensions?: Record<string, unknown> }[] };
  return { status: response.status, data: payload.data, errors: payload.errors, response };
}

const LIST = 'query($tenantId: ID!, $includeProtected: Boolean!) { files(tenantId: $tenantId, includeProtected: $includeProtected) { filename basename accessLevel link size mime } }';
const DELETE = 'mutation($tenantId: ID!, $name: String!) { deleteFile(tenantId: $tenantId, name: $name) }';

/** A file placed directly on the disk, as an earlier upload would have left it. */
function place(name: string, content = 'inhalt', tenantId = actors.tenant.id): void {
  const target = path.join(tenantDir(tenantId), name);
  mkdirSync(path.dirname(target), { recursive: true });
  writeFileSync(target, content);
}

const expected = {
  upload: { anonymous: 401, outsider: 403, memberWithoutFlag: 403, memberOwnOnly: 201, memberAny: 201, memberOfOtherTenant: 403, tenantOwner: 201, instanceOwner: 201 },
  readProtected: { anonymous: 401, outsider: 403, memberWithoutFlag: 200, memberOwnOnly: 200, memberAny: 200, memberOfOtherTenant: 403, tenantOwner: 200, instanceOwner: 200 },
  delete: { anonymous: 401, outsider: 403, memberWithoutFlag: 403, memberOwnOnly: 403, memberAny: 200, memberOfOtherTenant: 403, tenantOwner: 200, instanceOwner: 200 },
} satisfies Record<string, Record<ActorName, number>>;

describe('uploading', () => {
  it.each(actorNames)('%s: REST POST api/{tenantId}/files and GraphQL uploadFile', async (name) => {
    const client = actors.clients[name];
    const rest = await restUpload(client, { name: `rest-${name}.pdf`, customDirectory: 'agreements' });
    expectRest(rest, expected.upload[name], `REST ${name}`);
    const gql = await gqlUpload(client, { name: `gql-${name}.png`, customDirectory: 'rooms' });
    expectGraphql(gql, expected.upload[name], `GraphQL ${name}`);
    const restFile = path.join(tenantDir(), 'public', 'agreements', `rest-${name}.pdf`);
    const gqlFile = path.join(tenantDir(), 'public', 'rooms', `gql-${name}.png`);
    if (expected.upload[name] === 201) {
      expect(rest.text).toBe('File uploaded successfully.');
      expect(rest.headers.get('location')).toBe(`${app.url}/api/${actors.tenant.id}/files/get?name=/public/agreements/rest-${name}.pdf`);
      expect(readFileSync(restFile, 'utf8')).toBe('a'.repeat(10));
      expect(gql.data?.uploadFile).toEqual({
        filename: `/public/rooms/gql-${name}.png`,
        basename: `gql-${name}.png`,
        size: 10,
        accessLevel: 'public',
        link: `${app.url}/api/${actors.tenant.id}/files/get?name=/public/rooms/gql-${name}.png`,
        mime: 'image/png',
      });
      expect(existsSync(gqlFile)).toBe(true);
    } else {
      expect(existsSync(restFile)).toBe(false);
      expect(existsSync(gqlFile)).toBe(false);
    }
  });

  it('stores "protected" and anything but "public" in the protected folder, without a sub-folder when none is given', async () => {
    expectRest(await restUpload(actors.clients.tenantOwner, { name: 'intern.txt', accessLevel: 'irgendwas' }), 201, 'REST');
    expect(existsSync(path.join(tenantDir(), 'protected', 'intern.txt'))).toBe(true);
    const gql = await gqlUpload(actors.clients.tenantOwner, { name: 'intern2.txt', accessLevel: 'protected', customDirectory: 'events/attachments' });
    expect(gql.data?.uploadFile.filename).toBe('/protected/events/attachments/intern2.txt');
  });

  it('accepts exactly 10,000,000 bytes and refuses 10,000,001 bytes, leaving nothing on the disk', async () => {
    const owner = actors.clients.tenantOwner;
    const ok = await restUpload(owner, { name: 'gross.pdf', content: bytes(10_000_000) });
    expectRest(ok, 201, 'REST 10,000,000');
    expect(statSync(path.join(tenantDir(), 'public', 'gross.pdf')).size).toBe(10_000_000);
    const okGql = await gqlUpload(owner, { name: 'gross-gql.pdf', content: bytes(10_000_000) });
    expect(okGql.errors).toBeUndefined();
    expect(okGql.data?.uploadFile.size).toBe(10_000_000);

    const before = filesBelow(tenantDir());
    const tooLarge = await restUpload(owner, { name: 'zu-gross.pdf', content: bytes(10_000_001) });
    expectRest(tooLarge, 400, 'REST 10,000,001');
    expect(tooLarge.json.detail).toBe('Die maximale Dateigröße beträgt 10 MB');
    expect(tooLarge.json.errors).toEqual({ file: 'Die maximale Dateigröße beträgt 10 MB' });
    const tooLargeGql = await gqlUpload(owner, { name: 'zu-gross-gql.pdf', content: bytes(10_000_001) });
    expect(tooLargeGql.errors?.[0]?.message).toBe('Die maximale Dateigröße beträgt 10 MB');
    expect(tooLargeGql.errors?.[0]?.extensions?.code).toBe('GENERIC_VALIDATION');
    const muchTooLarge = await restUpload(owner, { name: 'viel-zu-gross.pdf', content: bytes(12_000_000) });
    expectRest(muchTooLarge, 400, 'REST 12,000,000');
    expect(filesBelow(tenantDir())).toEqual(before);
  });

  it('refuses a disallowed extension, images-only mode and a missing file with the German messages', async () => {
    const owner = actors.clients.tenantOwner;
    const before = filesBelow(tenantDir());
    const exe = await restUpload(owner, { name: 'virus.exe' });
    expectRest(exe, 400, 'REST exe');
    expect(exe.json.detail).toBe('Die Dateiendung "exe" ist nicht erlaubt');
    const html = await gqlUpload(owner, { name: 'seite.html' });
    expect(html.errors?.[0]?.message).toBe('Die Dateiendung "html" ist nicht erlaubt');
    const pdfAsImage = await restUpload(owner, { name: 'plan.pdf', imagesOnly: true });
    expect(pdfAsImage.json.detail).toBe('Die Dateiendung "pdf" ist nicht erlaubt');
    const pdfAsImageGql = await gqlUpload(owner, { name: 'plan.pdf', imagesOnly: true });
    expect(pdfAsImageGql.errors?.[0]?.message).toBe('Die Dateiendung "pdf" ist nicht erlaubt');
    const form = new FormData();
    form.append('accessLevel', 'public');
    const missing = await owner.request('POST', url(), { body: form, headers: { origin: app.url } });
    expectRest(missing, 400, 'REST missing file');
    expect(missing.json.detail).toBe('Bitte wählen Sie eine Datei aus');
    const notMultipart = await owner.post(url(), { file: 'x' });
    expectRest(notMultipart, 400, 'REST JSON body');
    expect(filesBelow(tenantDir())).toEqual(before);
  });

  it('an upload aborted mid-way leaves no partial file', async () => {
    const before = filesBelow(tenantDir());
    const boundary = 'grenze1234';
    const head = `--${boundary}\r\nContent-Disposition: form-data; name="accessLevel"\r\n\r\npublic\r\n--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="abgebrochen.pdf"\r\nContent-Type: application/pdf\r\n\r\n`;
    await new Promise<void>((resolve) => {
      const req = httpRequest(`${app.url}${url()}`, {
        method: 'POST',
        headers: {
          'content-type': `multipart/form-data; boundary=${boundary}`,
          'content-length': String(head.length + 5_000_000),
          origin: app.url,
          cookie: actors.clients.tenantOwner.cookieHeader(),
        },
      });
      req.on('error', () => resolve());
      req.on('response', () => resolve());
      req.write(head);
      req.write(Buffer.alloc(2_000_000, 0x62), () => setTimeout(() => req.destroy(), 200));
    });
    // The server notices the closed connection and removes its temporary file.
    for (let i = 0; i < 50 && filesBelow(tenantDir()).length !== before.length; i++) await new Promise((r) => setTimeout(r, 100));
    expect(filesBelow(tenantDir())).toEqual(before);
    expect(existsSync(path.join(tenantDir(), 'public', 'abgebrochen.pdf'))).toBe(false);
  });

  it('needs the CSRF headers for multipart uploads', async () => {
    const form = new FormData();
    form.append('file', bytes(3), 'a.pdf');
    const rest = await actors.clients.tenantOwner.request('POST', url(), { body: form });
    expect(rest.status).toBe(403);
    const form2 = new FormData();
    form2.append('operations', JSON.stringify({ query: UPLOAD, variables: { tenantId: actors.tenant.id, file: null, accessLevel: 'public' } }));
    form2.append('map', JSON.stringify({ 0: ['variables.file'] }));
    form2.append('0', bytes(3), 'a.pdf');
    const gql = await actors.clients.tenantOwner.request('POST', '/graphql', { body: form2 });
    expect(gql.status).toBeGreaterThanOrEqual(400);
    expect(existsSync(path.join(tenantDir(), 'public', 'a.pdf'))).toBe(false);
  });
});

describe('traversal attempts', () => {
  const names = ['../x.png', '..%2Fx.png', '/etc/passwd', 'a\\..\\..\\x.png', '..\\x.png', '%2e%2e%2fx.png'];

  it.each(names)('file name %s is refused through REST, nothing written outside the tenant folder', async (name) => {
    const before = filesBelow(app.config.filesDir);
    const response = await restUpload(actors.clients.tenantOwner, { name, customDirectory: 'rooms' });
    expectRest(response, 400, name);
    expect(response.json.detail).toBe('Ungültiger Dateiname.');
    expect(filesBelow(app.config.filesDir)).toEqual(before);
  });

  it.each(names)('file name %s through GraphQL: refused or stored by its last segment inside the tenant folder', async (name) => {
    const before = filesBelow(app.config.filesDir);
    const response = await gqlUpload(actors.clients.tenantOwner, { name, customDirectory: 'rooms' });
    const after = filesBelow(app.config.filesDir);
    const added = after.filter((file) => !before.includes(file));
    if (response.errors) {
      expect(response.errors[0].extensions?.code).toBe('GENERIC_VALIDATION');
      expect(added).toEqual([]);
    } else {
      // graphql-upload's parser keeps only the part after the last separator.
      expect(added.every((file) => file.startsWith(`${actors.tenant.id}${path.sep}public${path.sep}rooms${path.sep}`)), added.join()).toBe(true);
    }
    expect(existsSync(path.join(app.config.filesDir, 'x.png'))).toBe(false);
    expect(existsSync(path.join(tenantDir(), 'x.png'))).toBe(false);
  });

  it.each(['..', '../..', 'rooms/../../..', '/etc', 'a\\..\\b', '..%2F..'])('sub-folder %s is refused through REST and GraphQL', async (customDirectory) => {
    const before = filesBelow(app.config.filesDir);
    const rest = await restUpload(actors.clients.tenantOwner, { name: 'ok.png', customDirectory });
    expectRest(rest, 400, customDirectory);
    const gql = await gqlUpload(actors.clients.tenantOwner, { name: 'ok.png', customDirectory });
    expect(gql.errors?.[0]?.message).toBe('Ungültiger Ordnername.');
    expect(rest.json.detail).toBe('Ungültiger Ordnername.');
    expect(filesBelow(app.config.filesDir)).toEqual(before);
  });

  it('a link planted in the tenant folder never leads outside: upload, list, get and delete refuse it', async () => {
    writeFileSync(path.join(outside, 'geheim.txt'), 'geheim');
    mkdirSync(path.join(tenantDir(), 'public'), { recursive: true });
    symlinkSync(outside, path.join(tenantDir(), 'public', 'ausgang'));
    symlinkSync(path.join(outside, 'geheim.txt'), path.join(tenantDir(), 'public', 'verweis.txt'));
    const owner = actors.clients.tenantOwner;

    const rest = await restUpload(owner, { name: 'ok.png', customDirectory: 'ausgang' });
    expectRest(rest, 400, 'REST into link');
    const gql = await gqlUpload(owner, { name: 'ok.png', customDirectory: 'ausgang' });
    expect(gql.errors?.[0]?.extensions?.code).toBe('GENERIC_VALIDATION');
    const overLink = await restUpload(owner, { name: 'verweis.txt' });
    expectRest(overLink, 400, 'REST over a file link');
    expect(readdirSync(outside)).toEqual(['geheim.txt']);
    expect(readFileSync(path.join(outside, 'geheim.txt'), 'utf8')).toBe('geheim');

    for (const name of ['/public/ausgang/geheim.txt', '/public/verweis.txt']) {
      expectRest(await actors.clients.anonymous.get(url(`/get?name=${name}`)), 404, `GET ${name}`);
      expectRest(await owner.request('DELETE', url(`?name=${encodeURIComponent(name)}`)), 404, `DELETE ${name}`);
    }
    const list = await actors.clients.anonymous.get(url('/list'));
    expect(list.json.map((file: { filename: string }) => file.filename).filter((name: string) => /ausgang|verweis/.test(name))).toEqual([]);
    expect(readFileSync(path.join(outside, 'geheim.txt'), 'utf8')).toBe('geheim');
    rmSync(path.join(tenantDir(), 'public', 'ausgang'));
    rmSync(path.join(tenantDir(), 'public', 'verweis.txt'));
  });

  it.each(['/public/../protected/intern.txt', '/public/..%2Fprotected%2Fintern.txt', '/protected/../../x', '/etc/passwd', '/receipts/r.pdf', '/public/a\\..\\b.txt'])(
    'GET name=%s answers 404 without reading outside',
    async (name) => {
      const response = await actors.clients.tenantOwner.get(url(`/get?name=${encodeURIComponent(name)}`));
      expectRest(response, 404, name);
    },
  );
});

describe('reading', () => {
  beforeAll(() => {
    place('public/rooms/offen.txt', 'öffentlich');
    place('protected/events/intern.pdf', 'nur intern');
    place('public/anderes.txt', 'anderer mandant', actors.otherTenant.id);
  });

  it.each(actorNames)('%s: a public file is served to anyone with its content type, nosniff and a download name', async (name) => {
    const response = await actors.clients[name].get(url('/get?name=/public/rooms/offen.txt'));
    expect(response.status).toBe(200);
    expect(response.text).toBe('öffentlich');
    expect(response.contentType).toBe('text/plain; charset=utf-8');
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('content-disposition')).toBe(`attachment; filename="offen.txt"; filename*=UTF-8''offen.txt`);
    expect(response.headers.get('content-security-policy')).toContain('sandbox');
  });

  it.each(actorNames)('%s: a protected file only for members of the tenant', async (name) => {
    const response = await actors.clients[name].get(url('/get?name=/protected/events/intern.pdf'));
    expectRest(response, expected.readProtected[name], name);
    if (expected.readProtected[name] === 200) {
      expect(response.text).toBe('nur intern');
      expect(response.contentType).toBe('application/pdf');
      expect(response.headers.get('cache-control')).toContain('no-store');
    } else {
      expect(response.text).not.toContain('nur intern');
    }
  });

  it.each(actorNames)('%s: REST list and GraphQL files show protected files only to members', async (name) => {
    const client = actors.clients[name];
    const rest = await client.get(url('/list?includeProtected=true'));
    expect(rest.status).toBe(200);
    const restNames = rest.json.map((file: { filename: string }) => file.filename);
    const gql = await client.gql<{ files: { filename: string }[] }>(LIST, { tenantId: actors.tenant.id, includeProtected: true });
    expect(gql.errors).toBeUndefined();
    expect(gql.data?.files.map((file) => file.filename)).toEqual(restNames);
    expect(restNames).toContain('/public/rooms/offen.txt');
    expect(restNames).not.toContain('/public/anderes.txt');
    expect(restNames.includes('/protected/events/intern.pdf')).toBe(expected.readProtected[name] === 200);
    const item = rest.json.find((file: { filename: string }) => file.filename === '/public/rooms/offen.txt');
    expect(item).toMatchObject({
      basename: 'offen.txt',
      type: 'file',
      size: Buffer.byteLength('öffentlich'),
      mime: 'text/plain; charset=utf-8',
      accessLevel: 'public',
      link: `${app.url}/api/${actors.tenant.id}/files/get?name=/public/rooms/offen.txt`,
    });
    expect(typeof item.etag).toBe('string');
    expect(new Date(item.lastmod).getTime()).toBeGreaterThan(0);
    // includeProtected=false (and its absence) lists the public part only.
    for (const query of ['?includeProtected=false', '']) {
      const publicOnly = await client.get(url(`/list${query}`));
      expect(publicOnly.json.every((file: { accessLevel: string }) => file.accessLevel === 'public')).toBe(true);
    }
  });

  it('keeps tenants apart: another tenant\'s file is not listed nor served under this tenant, unknown tenants are 404', async () => {
    expectRest(await actors.clients.instanceOwner.get(url('/get?name=/public/anderes.txt')), 404, 'other tenant file');
    const other = await actors.clients.anonymous.get(url('/get?name=/public/anderes.txt', actors.otherTenant.id));
    expect(other.text).toBe('anderer mandant');
    expectRest(await actors.clients.memberOfOtherTenant.get(url('/get?name=/protected/events/intern.pdf')), 403, 'member of other tenant');
    expectRest(await actors.clients.anonymous.get(url('/list', 'gibt-es-nicht')), 404, 'unknown tenant');
    expectRest(await actors.clients.instanceOwner.get(url('/get?name=/public/x.txt', 'x%2F..')), 404, 'tenant x/..');
    expectRest(await actors.clients.anonymous.get(url('/get')), 400, 'missing name');
    expectRest(await actors.clients.anonymous.get(url('/get?name=/public/fehlt.txt')), 404, 'missing file');
  });
});

describe('deleting', () => {
  it.each(actorNames)('%s: REST DELETE api/{tenantId}/files?name= and GraphQL deleteFile', async (name) => {
    place(`public/loeschen/rest-${name}.txt`);
    place(`public/loeschen/gql-${name}.txt`);
    const client = actors.clients[name];
    const rest = await client.request('DELETE', url(`?name=/public/loeschen/rest-${name}.txt`));
    expectRest(rest, expected.delete[name], `REST ${name}`);
    const gql = await client.gql(DELETE, { tenantId: actors.tenant.id, name: `/public/loeschen/gql-${name}.txt` });
    expectGraphql(gql, expected.delete[name], `GraphQL ${name}`);
    const gone = expected.delete[name] === 200;
    expect(existsSync(path.join(tenantDir(), 'public', 'loeschen', `rest-${name}.txt`))).toBe(!gone);
    expect(existsSync(path.join(tenantDir(), 'public', 'loeschen', `gql-${name}.txt`))).toBe(!gone);
  });

  it('answers 404 for a file that does not exist', async () => {
    expectRest(await actors.clients.tenantOwner.request('DELETE', url('?name=/public/nicht-da.txt')), 404, 'REST');
    const gql = await actors.clients.tenantOwner.gql(DELETE, { tenantId: actors.tenant.id, name: '/public/nicht-da.txt' });
    expectGraphql(gql, 404, 'GraphQL');
  });
});
