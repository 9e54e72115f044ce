import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Level } from '@ruedas/domain';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PhotoUploader } from '../../src/photos';
import { renderInApp } from './render';

/** Stands in for XMLHttpRequest: records what is sent and lets the test answer. */
class FakeRequest {
  static sent: FakeRequest[] = [];
  method = '';
  url = '';
  headers: Record<string, string> = {};
  body: FormData | null = null;
  status = 0;
  responseText = '';
  upload: { onprogress: ((event: { loaded: number; total: number }) => void) | null } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;

  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  send(body: FormData) {
    this.body = body;
    FakeRequest.sent.push(this);
  }
  abort() {
    this.onabort?.();
  }

  get file(): File {
    return this.body!.get('file') as File;
  }
  async progress(loaded: number, total: number) {
    await act(async () => this.upload.onprogress!({ loaded, total }));
  }
  async answer(status: number, body: unknown) {
    this.status = status;
    this.responseText = JSON.stringify(body);
    await act(async () => this.onload!());
  }
  async dropConnection() {
    await act(async () => this.onerror!());
  }
}

function photo(name: string, type = 'image/jpeg', size = 2048): File {
  const file = new File(['bytes'], name, { type });
  Object.defineProperty(file, 'size', { value: size });
  return file;
}

/** The uploader under a parent that keeps the ids, as a form would. */
function Form({ level, initial, changes }: { level: Level; initial: string[]; changes: (ids: string[]) => void }) {
  const [ids, setIds] = useState(initial);
  const onChange = (next: string[]) => {
    changes(next);
    setIds(next);
  };
  return <PhotoUploader level={level} value={ids} onChange={onChange} />;
}

async function renderUploader(level: Level, initial: string[] = [], language: 'es' | 'en' = 'es') {
  const changes = vi.fn<(ids: string[]) => void>();
  await renderInApp(<Form level={level} initial={initial} changes={changes} />, language);
  const user = userEvent.setup({ applyAccept: false });
  const choose = async (...files: File[]) => {
    await user.upload(document.querySelector<HTMLInputElement>('input[type=file]')!, files);
  };
  return { changes, user, choose };
}

const uploadRow = (name: string) => screen.getByText(name).closest('li')!;
const thumbnails = () => screen.queryAllByRole('img').map((image) => [image.getAttribute('alt'), image.getAttribute('src')]);

beforeEach(() => {
  FakeRequest.sent = [];
  vi.stubGlobal('XMLHttpRequest', FakeRequest);
  localStorage.setItem('ruedas.token', 'token-1');
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('<PhotoUploader>', () => {
  it('sends the chosen files one at a time with progress, then shows them in order, the first as cover', async () => {
    const { changes, choose } = await renderUploader('BRONZE');
    expect(screen.getByText('0 de 8 fotos')).toBeTruthy();
    await choose(photo('front.jpg'), photo('back.png', 'image/png'));

    await waitFor(() => expect(FakeRequest.sent).toHaveLength(1));
    const [first] = FakeRequest.sent;
    expect(first!.method).toBe('POST');
    expect(first!.url).toBe('/api/v1/attachment/protected');
    expect(first!.headers).toEqual({ Authorization: 'Bearer token-1', 'Accept-Language': 'es' });
    expect(first!.file.name).toBe('front.jpg');
    expect(within(uploadRow('front.jpg')).getByText('Subiendo 0 %')).toBeTruthy();
    expect(within(uploadRow('back.png')).getByText('En espera')).toBeTruthy();

    await first!.progress(512, 2048);
    expect(within(uploadRow('front.jpg')).getByText('Subiendo 25 %')).toBeTruthy();
    expect(within(uploadRow('front.jpg')).getByRole('progressbar').getAttribute('aria-valuenow')).toBe('25');

    await first!.answer(200, ['id-front']);
    expect(changes).toHaveBeenLastCalledWith(['id-front']);
    expect(within(uploadRow('front.jpg')).getByText('Subida')).toBeTruthy();
    await waitFor(() => expect(FakeRequest.sent).toHaveLength(2));
    expect(FakeRequest.sent[1]!.file.name).toBe('back.png');

    await FakeRequest.sent[1]!.answer(200, ['id-back']);
    expect(changes).toHaveBeenLastCalledWith(['id-front', 'id-back']);
    expect(thumbnails()).toEqual([
      ['Foto 1', '/api/v1/attachment/id-front?thumb=true'],
      ['Foto 2', '/api/v1/attachment/id-back?thumb=true'],
    ]);
    const tiles = within(screen.getByRole('list', { name: 'Fotos del anuncio' })).getAllByRole('listitem');
    expect(within(tiles[0]!).getByText('Portada')).toBeTruthy();
    expect(within(tiles[1]!).queryByText('Portada')).toBeNull();
    expect(screen.getByText('2 de 8 fotos')).toBeTruthy();
  });

  it("shows a refusal with the server's reason and a retry that sends the file again", async () => {
    const { changes, user, choose } = await renderUploader('FREE', [], 'en');
    await choose(photo('renamed.jpg'));
    await waitFor(() => expect(FakeRequest.sent).toHaveLength(1));

    await FakeRequest.sent[0]!.answer(415, { code: '0006', message: 'The file is not a JPEG or PNG image.' });
    const row = uploadRow('renamed.jpg');
    expect(within(row).getByText('Upload failed')).toBeTruthy();
    expect(within(row).getByText('The file is not a JPEG or PNG image.')).toBeTruthy();
    expect(changes).not.toHaveBeenCalled();

    await user.click(within(row).getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(FakeRequest.sent).toHaveLength(2));
    expect(FakeRequest.sent[1]!.file.name).toBe('renamed.jpg');
    await FakeRequest.sent[1]!.dropConnection();
    expect(within(uploadRow('renamed.jpg')).getByText(/No answer from the server/)).toBeTruthy();

    await user.click(within(uploadRow('renamed.jpg')).getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(FakeRequest.sent).toHaveLength(3));
    await FakeRequest.sent[2]!.answer(200, ['id-1']);
    expect(changes).toHaveBeenLastCalledWith(['id-1']);
    expect(within(uploadRow('renamed.jpg')).getByText('Uploaded')).toBeTruthy();
  });

  it('treats an answer that is not a list of ids as a server failure', async () => {
    const { changes, choose } = await renderUploader('FREE');
    await choose(photo('car.jpg'));
    await waitFor(() => expect(FakeRequest.sent).toHaveLength(1));
    await FakeRequest.sent[0]!.answer(502, '<html>Bad gateway</html>');
    expect(within(uploadRow('car.jpg')).getByText(/El servidor no pudo guardar la foto/)).toBeTruthy();
    expect(changes).not.toHaveBeenCalled();
  });

  it('refuses other types and files over 10 MB before sending anything', async () => {
    const { choose } = await renderUploader('GOLD');
    await choose(photo('notes.txt', 'text/plain'), photo('huge.jpg', 'image/jpeg', 10 * 1024 * 1024 + 1));
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('notes.txt no es una foto JPEG ni PNG.')).toBeTruthy();
    expect(within(alert).getByText('huge.jpg pesa más de 10 MB.')).toBeTruthy();
    expect(FakeRequest.sent).toHaveLength(0);
    expect(screen.queryByRole('list', { name: 'Subidas' })).toBeNull();
  });

  it("stops at the level's cap: files beyond it are left out and the drop zone gives way to a message", async () => {
    const { changes, choose } = await renderUploader('FREE', ['p1', 'p2', 'p3']);
    expect(screen.getByRole('button', { name: 'Elegir fotos' })).toBeTruthy();
    await choose(photo('four.jpg'), photo('five.jpg'));

    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe('Este nivel permite 4 fotos, así que estas quedaron fuera: five.jpg');
    expect(screen.getByRole('status').textContent).toMatch(/Ya agregó las 4 fotos/);
    expect(screen.queryByRole('button', { name: 'Elegir fotos' })).toBeNull();

    await waitFor(() => expect(FakeRequest.sent).toHaveLength(1));
    expect(FakeRequest.sent[0]!.file.name).toBe('four.jpg');
    await FakeRequest.sent[0]!.answer(200, ['p4']);
    expect(changes).toHaveBeenLastCalledWith(['p1', 'p2', 'p3', 'p4']);
    expect(screen.getByText('4 de 4 fotos')).toBeTruthy();
    expect(screen.getByRole('status').textContent).toMatch(/Ya agregó las 4 fotos/);
  });

  it('moves photos, the first one being the cover', async () => {
    const { changes, user } = await renderUploader('SILVER', ['a', 'b', 'c']);
    expect((screen.getByRole('button', { name: 'Mover la foto 1 antes' }) as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByRole('button', { name: 'Mover la foto 3 después' }) as HTMLButtonElement).disabled).toBe(true);

    await user.click(screen.getByRole('button', { name: 'Mover la foto 1 después' }));
    expect(changes).toHaveBeenLastCalledWith(['b', 'a', 'c']);
    await user.click(screen.getByRole('button', { name: 'Mover la foto 3 antes' }));
    expect(changes).toHaveBeenLastCalledWith(['b', 'c', 'a']);
    const cover = within(screen.getByText('Portada').closest('li')!).getByRole('img');
    expect(cover.getAttribute('src')).toBe('/api/v1/attachment/b?thumb=true');
  });

  it('removes a photo by deleting it on the server, and keeps it when the server refuses', async () => {
    const fetch = vi
      .fn<typeof globalThis.fetch>()
      .mockResolvedValueOnce(new Response(null, { status: 204 }))
      .mockResolvedValueOnce(new Response(JSON.stringify({ code: '0003', message: 'Sesión inválida' }), { status: 401 }));
    vi.stubGlobal('fetch', fetch);
    const { changes, user } = await renderUploader('BRONZE', ['a', 'b', 'c']);

    await user.click(screen.getByRole('button', { name: 'Quitar la foto 2' }));
    expect(fetch).toHaveBeenCalledWith('/api/v1/attachment/protected/b', {
      method: 'DELETE',
      headers: { 'Accept-Language': 'es', Authorization: 'Bearer token-1' },
    });
    await waitFor(() => expect(changes).toHaveBeenLastCalledWith(['a', 'c']));

    await user.click(screen.getByRole('button', { name: 'Quitar la foto 1' }));
    expect(await screen.findByRole('alert')).toHaveProperty('textContent', 'No se pudo quitar la foto: Sesión inválida');
    expect(changes).toHaveBeenCalledTimes(1);
    expect(thumbnails().map(([alt]) => alt)).toEqual(['Foto 1', 'Foto 2']);
  });
});
