import { BrowserRouter } from 'react-router';
import { AppProviders } from './providers';
import { AppRoutes } from './router';

export function App() {
  return (
    <AppProviders>
      {/*
        No transitions: a link clicked leaves its screen at once and the layout's spinner stands in
        while the next screen's code loads. In a transition the router kept the old screen on view,
        unanswering, for as long as that took (4 s on a slow line looked like a click not taken).
      */}
      <BrowserRouter useTransitions={false}>
        <AppRoutes />
      </BrowserRouter>
    </AppProviders>
  );
}
