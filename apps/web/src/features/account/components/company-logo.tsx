import { Button, FileButton, Group, Image, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { MSG } from '@serwis/domain';
import { ErrorBanner } from '../../../components/error-banner';
import { errorMessage } from '../../../lib/api-client';
import { useCompanyLogo, useSaveCompanyLogo } from '../api/company';
import { confirmDelete } from '../../../components/confirm-delete';

const readAsDataUrl = (file: File) =>
  new Promise<string>((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error);
    reader.readAsDataURL(file);
  });

/** The optional logo at the top of every PDF: shown to everyone, changed by admins. */
export function CompanyLogo({ editable }: { editable: boolean }) {
  const logo = useCompanyLogo();
  const save = useSaveCompanyLogo();
  const store = (value: string) =>
    save.mutate(value, { onSuccess: () => notifications.show({ color: 'green', message: MSG.saved }) });
  return (
    <Stack gap="xs">
      <Text fw={600}>Logo firmy</Text>
      <ErrorBanner message={save.isError ? errorMessage(save.error) : null} />
      {logo.data ? (
        <Image src={logo.data} alt="Logo firmy" h={64} w="auto" fit="contain" />
      ) : (
        <Text c="dimmed">Brak logo</Text>
      )}
      {editable && (
        <Group>
          <FileButton
            accept="image/png,image/jpeg"
            onChange={async (file) => {
              if (file) store(await readAsDataUrl(file));
            }}
          >
            {(props) => (
              <Button variant="default" loading={save.isPending} {...props}>
                Wybierz logo (PNG lub JPEG)
              </Button>
            )}
          </FileButton>
          {logo.data && (
            <Button
              variant="subtle"
              color="red"
              onClick={() =>
                confirmDelete({
                  what: 'logo firmy z protokołów i wiadomości e-mail',
                  onConfirm: () => store(''),
                })
              }
            >
              Usuń logo
            </Button>
          )}
        </Group>
      )}
    </Stack>
  );
}
