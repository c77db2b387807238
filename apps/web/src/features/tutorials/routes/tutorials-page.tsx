import { useMemo, useState } from 'react';
import { Box, Button, Center, Flex, Loader, NavLink, Stack, Text } from '@mantine/core';
import { IconFolder, IconFolders } from '@tabler/icons-react';
import { LIST_MSG, MSG, searchTutorials, type TutorialEntry } from '@serwis/domain';
import { ErrorBanner } from '../../../components/error-banner';
import { useFilePreview } from '../../../components/file-preview';
import { PageHeader } from '../../../components/page-header';
import { SearchBox } from '../../../components/data-table';
import { paths } from '../../../config/paths';
import { errorMessage } from '../../../lib/api-client';
import { useSession } from '../../auth/api/session';
import { tutorialFileUrl, useTutorialSource, useTutorialTree } from '../api/tutorials';
import { TutorialAdminActions } from '../components/tutorial-admin';
import { TutorialFiles, type TutorialHit } from '../components/tutorial-files';

/** "1 plik", "3 pliki", "5 plików", "22 pliki". */
function filesCount(n: number) {
  if (n === 1) return '1 plik';
  const few = n % 10 >= 2 && n % 10 <= 4 && (n % 100 < 12 || n % 100 > 14);
  return `${n} ${few ? 'pliki' : 'plików'}`;
}

/** "Wszystko" in the left list: every folder's files. */
const ALL = '';

/**
 * /tutorials (spec §2): folders of the tutorial source on the left ("Wszystko" first), the chosen
 * folder's files on the right, a search across all folders. A video plays in the 440 px player,
 * an image and a PDF open full-screen, anything else downloads (the shared file preview).
 */
export function TutorialsPage() {
  const session = useSession();
  const isAdmin = session.data?.isAdmin ?? false;
  const tree = useTutorialTree();
  const source = useTutorialSource();
  const preview = useFilePreview();
  const [folderId, setFolderId] = useState(ALL);
  const [search, setSearch] = useState('');

  const folders = useMemo(() => tree.data ?? [], [tree.data]);
  const chosen = folders.find((f) => f.folder.id === folderId) ?? null;
  const searching = search.trim() !== '';
  const hits: TutorialHit[] = useMemo(() => {
    if (searching) return searchTutorials(folders, search);
    const shown = chosen ? [chosen] : folders;
    return shown.flatMap(({ folder, googleFiles }) => googleFiles.map((file) => ({ folder, file })));
  }, [folders, chosen, search, searching]);

  const open = (file: TutorialEntry) => preview.open({ filename: file.name, url: tutorialFileUrl(file.id) });
  const treeError = tree.isError ? errorMessage(tree.error) : null;

  return (
    <>
      <PageHeader title="Tutoriale" backTo={paths.home} />
      {isAdmin && (
        <TutorialAdminActions
          writable={source.data?.writable ?? false}
          folder={chosen?.folder ?? null}
          treeError={treeError}
          treeUpdatedAt={tree.dataUpdatedAt}
        />
      )}
      <ErrorBanner message={treeError} />
      {tree.isError && (
        // The tree is not retried by itself (a source that is down is shown at once): asked here.
        <Button variant="light" mb="md" loading={tree.isFetching} onClick={() => void tree.refetch()}>
          {LIST_MSG.tryAgain}
        </Button>
      )}
      {tree.isPending ? (
        <Center py="xl">
          <Stack align="center" gap="xs">
            <Loader aria-hidden />
            <Text>{MSG.loading}</Text>
          </Stack>
        </Center>
      ) : (
        !tree.isError && (
          <Flex direction={{ base: 'column', sm: 'row' }} gap="md" align="flex-start">
            <Box component="nav" aria-label="Foldery" w={{ base: '100%', sm: 240 }} style={{ flexShrink: 0 }}>
              <NavLink
                component="button"
                label="Wszystko"
                leftSection={<IconFolders size={18} aria-hidden />}
                active={folderId === ALL}
                aria-current={folderId === ALL ? 'page' : undefined}
                onClick={() => setFolderId(ALL)}
                mih={44}
              />
              {folders.map(({ folder, googleFiles }) => (
                <NavLink
                  component="button"
                  key={folder.id}
                  label={folder.name}
                  description={filesCount(googleFiles.length)}
                  leftSection={<IconFolder size={18} aria-hidden />}
                  active={folderId === folder.id}
                  aria-current={folderId === folder.id ? 'page' : undefined}
                  onClick={() => setFolderId(folder.id)}
                  mih={44}
                />
              ))}
            </Box>
            <Box style={{ flex: 1, minWidth: 0 }} w="100%">
              <SearchBox value={search} onChange={setSearch} label="Szukaj pliku" />
              <TutorialFiles hits={hits} showFolder={searching || !chosen} onOpen={open} />
            </Box>
          </Flex>
        )
      )}
      {preview.preview}
    </>
  );
}
