import { Component, type ErrorInfo, type ReactNode } from 'react';
import { Alert, Button, Stack, Text } from '@mantine/core';
import { MSG } from '@serwis/domain';

/**
 * Whether `error` is a module that could not be fetched: a screen's code loads when the screen is
 * first opened, and on a weak network, or after an update of the app removed the old files, it
 * does not arrive. Each browser words it its own way (Chromium, Firefox, Safari).
 */
export function isCodeLoadError(error: unknown): boolean {
  const message = error instanceof Error ? error.message : String(error);
  return /dynamically imported module|importing a module script failed|loading (css )?chunk|unable to preload css/i.test(
    message,
  );
}

/** What is shown instead of a screen that could not be shown: why, and a reload. */
function ScreenFailure({ error, reload }: { error: unknown; reload: () => void }) {
  const codeMissing = isCodeLoadError(error);
  return (
    <Alert color="red" role="alert" title={codeMissing ? MSG.codeLoadFailedTitle : MSG.unknownError} m="md">
      <Stack align="flex-start" gap="sm">
        <Text size="sm">{codeMissing ? MSG.codeLoadFailed : MSG.screenFailed}</Text>
        <Button onClick={reload}>{MSG.reloadPage}</Button>
      </Stack>
    </Alert>
  );
}

interface Props {
  children: ReactNode;
  /** Changes when the user goes elsewhere (the path): another screen is tried again. */
  resetKey?: string;
  /** How the page is reloaded (a test gives its own; jsdom cannot reload). */
  reload?: () => void;
}

/**
 * Catches what a screen throws while loading or drawing, which would otherwise leave an empty white
 * page (React unmounts everything on an error no boundary catches), and says so in Polish with a
 * button that reloads the page: a new page fetches the app's current files, and the session cookie
 * brings the employee back to the same address. Going to another screen (a new `resetKey`) clears
 * it, so the menus still lead elsewhere.
 */
export class ScreenErrorBoundary extends Component<Props, { error: unknown; failed: boolean }> {
  state = { error: undefined as unknown, failed: false };

  static getDerivedStateFromError(error: unknown) {
    return { error, failed: true };
  }

  componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error('Ekran nie mógł zostać wyświetlony', error, info.componentStack);
  }

  componentDidUpdate(previous: Props) {
    if (this.state.failed && previous.resetKey !== this.props.resetKey) {
      this.setState({ error: undefined, failed: false });
    }
  }

  render() {
    if (!this.state.failed) return this.props.children;
    const reload = this.props.reload ?? (() => window.location.reload());
    return <ScreenFailure error={this.state.error} reload={reload} />;
  }
}
