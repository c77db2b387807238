import { Container, List, Stack, Text, Title } from '@mantine/core';
import { usePageTitle } from '../../../lib/use-page-title';

const sections: { title: string; body: string[] }[] = [
  {
    title: '1. Jakie dane zbieramy',
    body: [
      'Dane kont pracowników: imię, nazwisko, stanowisko, adres e-mail, kraj, liczba dni urlopu oraz skrót hasła (samego hasła nie przechowujemy).',
      'Dane kontrahentów i maszyn wprowadzane przez pracowników: nazwy, adresy, numery NIP i REGON, dane kontaktowe, lokalizacje GPS, protokoły serwisowe, notatki i pliki.',
      'Dziennik zdarzeń: kto, kiedy i jaką operację wykonał w systemie, w tym udane i nieudane logowania, wraz z poprzednimi i nowymi wartościami zmienionych pól oraz treścią usuniętych notatek i opisów (do 1000 znaków).',
      'Protokoły serwisowe podpisane w systemie: imiona i nazwiska podpisujących, odręczne podpisy oraz adresy e-mail, na które wysłano protokół.',
      'Plik cookie sesji, niezbędny do utrzymania zalogowania. Nie używamy cookies reklamowych ani analitycznych.',
    ],
  },
  {
    title: '2. W jakim celu',
    body: [
      'Prowadzenie ewidencji maszyn, obsługa serwisowa, przeglądy okresowe i gwarancyjne oraz rozliczenia z kontrahentami.',
      'Zapewnienie bezpieczeństwa systemu i rozliczalności zmian (dziennik zdarzeń).',
      'Wysyłka wiadomości e-mail związanych z kontem, np. nowego hasła.',
    ],
  },
  {
    title: '3. Komu udostępniamy dane',
    body: [
      'Dane są dostępne wyłącznie dla zalogowanych pracowników firmy w zakresie ich uprawnień.',
      'Dane mogą być powierzone dostawcom infrastruktury (hosting, poczta e-mail, magazyn plików) na podstawie umów powierzenia.',
      'Nie sprzedajemy danych i nie przekazujemy ich w celach marketingowych. Udostępniamy je organom publicznym tylko wtedy, gdy wymaga tego prawo.',
    ],
  },
  {
    title: '4. Bezpieczeństwo',
    body: [
      'Hasła są przechowywane wyłącznie w postaci skrótu (argon2id). Sesje wygasają automatycznie.',
      'Połączenia z systemem powinny odbywać się przez HTTPS. Próby logowania są ograniczane, a każda zmiana danych jest zapisywana w dzienniku.',
      'Dostęp do funkcji administracyjnych mają wyłącznie administratorzy.',
    ],
  },
  {
    title: '5. Prawa użytkowników',
    body: [
      'Każda osoba, której dane przetwarzamy, ma prawo dostępu do nich, ich sprostowania, usunięcia lub ograniczenia przetwarzania, prawo do przenoszenia danych oraz prawo sprzeciwu.',
      'Przysługuje jej także prawo wniesienia skargi do Prezesa Urzędu Ochrony Danych Osobowych.',
      'Dane przechowujemy przez czas współpracy oraz okres wymagany przepisami (m.in. podatkowymi i gwarancyjnymi).',
      'Na żądanie usunięcia danych administrator zmienia je w kartach kontrahentów, maszyn i zdarzeń oraz usuwa je z dziennika zdarzeń (Logi, „Usuń dane osobowe z dziennika”). Podpisane protokoły i wysłane wiadomości są dokumentami serwisu i zachowują dane z chwili podpisania i wysłania.',
    ],
  },
  {
    title: '6. Zmiany polityki',
    body: [
      'Polityka prywatności może być aktualizowana, gdy zmienią się przepisy lub funkcje systemu. O istotnych zmianach informujemy użytkowników po zalogowaniu lub e-mailem.',
    ],
  },
  {
    title: '7. Kontakt',
    body: [
      'W sprawach dotyczących danych osobowych prosimy o kontakt z administratorem systemu w firmie (osobą zakładającą konta pracowników) lub z inspektorem ochrony danych wyznaczonym przez firmę.',
    ],
  },
];

export function PrivacyPage() {
  usePageTitle('Polityka prywatności');
  return (
    <Container size="md" py="md">
      <Stack>
        <Title order={2}>Polityka prywatności</Title>
        <Text>
          Niniejsza polityka opisuje, jak aplikacja Serwis przetwarza dane osobowe pracowników i kontrahentów
          zgodnie z RODO (rozporządzeniem Parlamentu Europejskiego i Rady (UE) 2016/679).
        </Text>
        {sections.map((section) => (
          <Stack key={section.title} gap="xs">
            <Title order={3} fz="lg">
              {section.title}
            </Title>
            <List spacing="xs">
              {section.body.map((line) => (
                <List.Item key={line}>{line}</List.Item>
              ))}
            </List>
          </Stack>
        ))}
      </Stack>
    </Container>
  );
}
