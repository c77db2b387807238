import { Link } from 'react-router';
import { Button, Image, Stack, Title } from '@mantine/core';
import { MSG } from '@serwis/domain';
import { paths } from '../../../config/paths';
import { usePageTitle } from '../../../lib/use-page-title';
import notFoundImage from '../assets/not-found.svg';

export function NotFoundPage() {
  usePageTitle(MSG.pageNotFound);
  return (
    <Stack align="center" py="xl" gap="lg">
      <Image src={notFoundImage} alt="Zagubiony przewodnik przy maszynie" w={280} />
      <Title order={2} ta="center">
        {MSG.pageNotFound}
      </Title>
      <Button component={Link} to={paths.home}>
        Wróć na stronę główną
      </Button>
    </Stack>
  );
}
