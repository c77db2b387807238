import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MSG, PROTOCOL_MSG } from '@serwis/domain';
import { fakeApi, type FakeReply } from '../../../../test/fake-api';
import { renderScreen } from '../../../../test/render-screen';
import { sampleService } from '../../../../test/samples';
import { AddServiceFileModal } from './add-service-file-modal';

afterEach(() => vi.unstubAllGlobals());

const service = sampleService({ id: 42, fullNumber: '7/03/2026', state: 'DODAJ_SKAN' });

function renderModal(answer: FakeReply, signs = false) {
  const api = fakeApi({ 'PATCH /api/service/addFile/42': answer });
  const onClose = vi.fn();
  renderScreen(<AddServiceFileModal service={service} signs={signs} onClose={onClose} />, {
    url: '/machineEdit',
  });
  return { api, onClose };
}

const fileInput = () => document.querySelector<HTMLInputElement>('input[type="file"]')!;

describe('AddServiceFileModal', () => {
  it('names the event and asks for a file before sending anything', async () => {
    const { api } = renderModal({ body: service });
    expect(
      screen.getByRole('dialog', { name: 'Dodawanie pliku do zdarzenia 7/03/2026' }),
    ).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Dodaj' }));
    expect(await screen.findByText(MSG.noFileSelected)).toBeInTheDocument();
    expect(api.calls).toEqual([]);
  });

  it('says first that the file will sign the event waiting for its scan', () => {
    renderModal({ body: service }, true);
    expect(screen.getByRole('dialog')).toHaveTextContent(PROTOCOL_MSG.serviceFileSigns);
  });

  it("says nothing of signing when the file is only attached (a colleague's, another state)", () => {
    renderModal({ body: service });
    expect(screen.queryByText(PROTOCOL_MSG.serviceFileSigns)).toBeNull();
  });

  it('sends the file as the multipart part "file" and closes', async () => {
    const { api, onClose } = renderModal({ body: { ...service, state: 'PODPISANY' } });
    const user = userEvent.setup();
    await user.upload(fileInput(), new File(['%PDF-1.4'], 'skan protokołu.pdf', { type: 'application/pdf' }));
    await user.click(screen.getByRole('button', { name: 'Dodaj' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    const [call] = api.callsTo('PATCH', '/api/service/addFile/42');
    expect(((call.body as FormData).get('file') as File).name).toBe('skan protokołu.pdf');
  });

  it('shows the spec refusal on 403 and stays open', async () => {
    const { onClose } = renderModal({ status: 403, body: { message: 'Brak uprawnień do tej operacji!' } });
    const user = userEvent.setup();
    await user.upload(fileInput(), new File(['x'], 'zdjęcie.jpg', { type: 'image/jpeg' }));
    await user.click(screen.getByRole('button', { name: 'Dodaj' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(MSG.forbiddenBang);
    expect(onClose).not.toHaveBeenCalled();
  });
});
