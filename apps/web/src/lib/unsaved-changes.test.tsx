import { lazy, useState } from 'react';
import { Link } from 'react-router';
import { TextInput } from '@mantine/core';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { MSG } from '@serwis/domain';
import { PageHeader } from '../components/page-header';
import { renderScreen } from '../../test/render-screen';
import { useLinksAskFirst, useNavigateAfterSave, useUnsavedChanges } from './unsaved-changes';

/** A screen with one field, a link away and a back arrow, as a record's page has. */
function Draft() {
  useLinksAskFirst();
  const [text, setText] = useState('');
  useUnsavedChanges(text !== '');
  return (
    <>
      <PageHeader title="Szkic" backTo="/lista" />
      <TextInput label="Uwagi" value={text} onChange={(event) => setText(event.currentTarget.value)} />
      <Link to="/inny">Inny ekran</Link>
    </>
  );
}

/** A screen whose "Zapisz" saves through `save`, which leaves by the navigation after a save. */
function SavingDraft({ save }: { save: (leaveSaved: ReturnType<typeof useNavigateAfterSave>) => void }) {
  useLinksAskFirst();
  const [text, setText] = useState('');
  useUnsavedChanges(text !== '');
  const leaveSaved = useNavigateAfterSave();
  return (
    <>
      <TextInput label="Uwagi" value={text} onChange={(event) => setText(event.currentTarget.value)} />
      <button onClick={() => save(leaveSaved)}>Zapisz</button>
      <Link to="/inny">Inny ekran</Link>
    </>
  );
}

const open = () =>
  renderScreen(<Draft />, {
    url: '/szkic',
    routes: { '/inny': <p>Inny ekran otwarty</p>, '/lista': <p>Lista otwarta</p> },
  });
const location = () => screen.getByTestId('location').textContent;
const question = () => screen.findByRole('dialog', { name: MSG.unsavedTitle });

/** Whether the browser would ask before a reload or a closed tab. */
const reloadAsks = () => {
  const event = new Event('beforeunload', { cancelable: true });
  window.dispatchEvent(event);
  return event.defaultPrevented;
};

describe('leaving a form with changes not saved', () => {
  it('follows a link at once, and lets a reload go, when nothing was typed', async () => {
    open();
    expect(reloadAsks()).toBe(false);
    await userEvent.click(screen.getByRole('link', { name: 'Inny ekran' }));
    expect(await screen.findByText('Inny ekran otwarty')).toBeInTheDocument();
    expect(location()).toBe('/inny');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('asks before a link leaves; "Wróć do formularza" keeps the typing, "Odrzuć zmiany" leaves', async () => {
    open();
    await userEvent.type(screen.getByLabelText('Uwagi'), 'Wymienić filtr');
    await userEvent.click(screen.getByRole('link', { name: 'Inny ekran' }));
    const asked = await question();
    expect(within(asked).getByText(MSG.unsavedQuestion)).toBeInTheDocument();
    expect(location()).toBe('/szkic');

    await userEvent.click(within(asked).getByRole('button', { name: MSG.keepEditing }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByLabelText('Uwagi')).toHaveValue('Wymienić filtr');
    expect(location()).toBe('/szkic');

    await userEvent.click(screen.getByRole('link', { name: 'Inny ekran' }));
    await userEvent.click(within(await question()).getByRole('button', { name: MSG.discardChanges }));
    expect(await screen.findByText('Inny ekran otwarty')).toBeInTheDocument();
    expect(location()).toBe('/inny');
  });

  it('asks before the back arrow leaves', async () => {
    open();
    await userEvent.type(screen.getByLabelText('Uwagi'), 'x');
    await userEvent.click(screen.getByRole('button', { name: 'Wstecz' }));
    await userEvent.click(within(await question()).getByRole('button', { name: MSG.discardChanges }));
    expect(await screen.findByText('Lista otwarta')).toBeInTheDocument();
  });

  it('lets the browser ask before a reload while the form holds changes, and only then', async () => {
    open();
    await userEvent.type(screen.getByLabelText('Uwagi'), 'x');
    expect(reloadAsks()).toBe(true);
    await userEvent.clear(screen.getByLabelText('Uwagi'));
    expect(reloadAsks()).toBe(false);
  });

  it('keeps the browser asking while a second form still holds changes', async () => {
    function Two() {
      const [first, setFirst] = useState(true);
      useUnsavedChanges(first);
      useUnsavedChanges(true);
      return <button onClick={() => setFirst(false)}>Zapisz pierwszy</button>;
    }
    const view = renderScreen(<Two />);
    expect(reloadAsks()).toBe(true);
    await userEvent.click(screen.getByRole('button', { name: 'Zapisz pierwszy' }));
    expect(reloadAsks()).toBe(true);
    view.unmount();
    expect(reloadAsks()).toBe(false);
  });

  it('asks nothing about a saved form still on view while the next screen loads', async () => {
    // The list's code never arrives: the router keeps the saved form on view meanwhile.
    const StillLoading = lazy(() => new Promise<never>(() => undefined));
    renderScreen(<SavingDraft save={(leaveSaved) => leaveSaved('/lista')} />, {
      url: '/szkic',
      routes: { '/lista': <StillLoading />, '/inny': <p>Inny ekran otwarty</p> },
    });
    await userEvent.type(screen.getByLabelText('Uwagi'), 'Wymienić filtr');
    await userEvent.click(screen.getByRole('button', { name: 'Zapisz' }));
    expect(screen.getByLabelText('Uwagi')).toHaveValue('Wymienić filtr');
    expect(reloadAsks()).toBe(false);

    await userEvent.click(screen.getByRole('link', { name: 'Inny ekran' }));
    expect(await screen.findByText('Inny ekran otwarty')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('withdraws the question when the save answers meanwhile, and follows the link it was asked for', async () => {
    // The save's request is on its way: its answer comes later (`answer`).
    let answer = () => undefined as void;
    renderScreen(<SavingDraft save={(leaveSaved) => (answer = () => leaveSaved('/lista'))} />, {
      url: '/szkic',
      routes: { '/lista': <p>Lista otwarta</p>, '/inny': <p>Inny ekran otwarty</p> },
    });
    await userEvent.type(screen.getByLabelText('Uwagi'), 'Wymienić filtr');
    await userEvent.click(screen.getByRole('button', { name: 'Zapisz' }));
    await userEvent.click(screen.getByRole('link', { name: 'Inny ekran' }));
    await question();

    act(() => answer());
    expect(await screen.findByText('Inny ekran otwarty')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(location()).toBe('/inny');
  });

  it('forgets a question left open when its form goes: a later save leaves where it was going', async () => {
    const first = renderScreen(<SavingDraft save={() => undefined} />, {
      url: '/szkic',
      routes: { '/inny': <p>Inny ekran otwarty</p> },
    });
    await userEvent.type(screen.getByLabelText('Uwagi'), 'x');
    await userEvent.click(screen.getByRole('link', { name: 'Inny ekran' }));
    await question();
    first.unmount();

    renderScreen(<SavingDraft save={(leaveSaved) => leaveSaved('/lista')} />, {
      url: '/szkic',
      routes: { '/lista': <p>Lista otwarta</p> },
    });
    await userEvent.click(screen.getByRole('button', { name: 'Zapisz' }));
    expect(await screen.findByText('Lista otwarta')).toBeInTheDocument();
    expect(location()).toBe('/lista');
  });

  it('stops asking once the form is gone', async () => {
    const view = open();
    await userEvent.type(screen.getByLabelText('Uwagi'), 'x');
    view.unmount();
    expect(reloadAsks()).toBe(false);
  });
});
