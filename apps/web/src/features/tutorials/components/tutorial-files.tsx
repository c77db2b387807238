import { Badge, Group, Stack, Text, UnstyledButton } from '@mantine/core';
import { IconFile, IconFileTypePdf, IconMovie, IconPhoto } from '@tabler/icons-react';
import { MSG, fileKind, type TutorialEntry } from '@serwis/domain';

export interface TutorialHit {
  folder: TutorialEntry;
  file: TutorialEntry;
}

const ICONS = { video: IconMovie, image: IconPhoto, pdf: IconFileTypePdf, other: IconFile } as const;
const ACTIONS = { video: 'odtwórz', image: 'pokaż', pdf: 'otwórz', other: 'pobierz' } as const;

/**
 * The files of the chosen folder, or the hits of a search. `showFolder` puts the folder's name
 * beside each file (search hits and "Wszystko"). A click plays, shows or downloads the file.
 */
export function TutorialFiles({
  hits,
  showFolder,
  onOpen,
}: {
  hits: TutorialHit[];
  showFolder: boolean;
  onOpen: (file: TutorialEntry) => void;
}) {
  if (hits.length === 0) {
    return (
      <Text c="dimmed" py="md">
        {MSG.tutorialsEmpty}
      </Text>
    );
  }
  return (
    <Stack gap={4} component="ul" aria-label="Pliki" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
      {hits.map(({ folder, file }) => {
        const kind = fileKind(file.name);
        const Icon = ICONS[kind];
        return (
          <li key={`${folder.id}/${file.id}`}>
            <UnstyledButton
              onClick={() => onOpen(file)}
              // The name starts with what the button shows, the file and its folder's badge (WCAG 2.5.3).
              aria-label={`${file.name}${showFolder ? ` ${folder.name}` : ''}: ${ACTIONS[kind]}`}
              w="100%"
              mih={44}
              px="sm"
              py={6}
              style={{
                borderRadius: 'var(--mantine-radius-sm)',
                border: '1px solid var(--mantine-color-gray-3)',
              }}
            >
              <Group gap="sm" wrap="nowrap" justify="space-between">
                <Group gap="sm" wrap="nowrap" style={{ minWidth: 0 }}>
                  <Icon size={22} aria-hidden style={{ flexShrink: 0 }} />
                  <Text style={{ overflowWrap: 'anywhere' }}>{file.name}</Text>
                </Group>
                {/* A space between the name and the badge: the button's text reads "name folder", as its name. */}
                {showFolder && ' '}
                {showFolder && (
                  <Badge variant="light" color="gray" style={{ flexShrink: 0 }}>
                    {folder.name}
                  </Badge>
                )}
              </Group>
            </UnstyledButton>
          </li>
        );
      })}
    </Stack>
  );
}
