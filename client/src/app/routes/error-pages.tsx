import { Component, type ErrorInfo, type ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { StatusPage } from '../../components/status-page';

/** `/` sends each visitor to their own start: the login page, or the user's home screen. */
const HOME = '/';

export function NotFoundRoute() {
  return (
    <>
      <title>Page not found · Drivebay</title>
      <StatusPage
        code="404"
        title="Page not found"
        actions={
          <Button component={RouterLink} to={HOME} variant="contained">
            Go to home
          </Button>
        }
      >
        <Typography color="text.secondary">
          The address may be mistyped, or the page has moved. Check the link or start again from your home screen.
        </Typography>
      </StatusPage>
    </>
  );
}

export function ServerErrorRoute() {
  return (
    <>
      <title>Something went wrong · Drivebay</title>
      <StatusPage
        code="500"
        title="Something went wrong"
        actions={
          <>
            <Button variant="contained" onClick={() => window.location.reload()}>
              Try again
            </Button>
            <Button component="a" href={HOME} variant="outlined">
              Go to home
            </Button>
          </>
        }
      >
        <Typography color="text.secondary">
          Drivebay ran into a problem showing this page. Your data is safe. Try again, and if it keeps happening, tell
          your administrator what you were doing.
        </Typography>
      </StatusPage>
    </>
  );
}

type BoundaryProps = {
  children: ReactNode;
  /** The address; moving to another one clears a shown error, so the links out of the 500 page work. */
  resetKey: string;
};

/** A render error or a screen whose code failed to load (e.g. after a new release): the 500 page. */
export class RouteErrorBoundary extends Component<BoundaryProps, { error: unknown; key: string }> {
  override state = { error: null as unknown, key: this.props.resetKey };

  static getDerivedStateFromError(error: unknown) {
    return { error: error ?? new Error('Unknown error') };
  }

  static getDerivedStateFromProps(props: BoundaryProps, state: { error: unknown; key: string }) {
    return props.resetKey === state.key ? null : { error: null, key: props.resetKey };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error('Route failed', error, info.componentStack);
  }

  override render() {
    return this.state.error ? <ServerErrorRoute /> : this.props.children;
  }
}
