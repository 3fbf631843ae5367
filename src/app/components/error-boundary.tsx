/**
 * A React error boundary. Around the whole app it shows the pt-BR error screen (loaded only when
 * needed; if even that cannot load, a plain sentence) instead of a blank page; around the toast
 * renderer it shows nothing, so a toast that cannot load (no network) never takes the page with it.
 */
import { Component, lazy, Suspense, type ErrorInfo, type ReactNode } from 'react';

interface BoundaryProps {
  children: ReactNode;
  /** What to show instead of the failed tree (nothing when undefined). */
  fallback?: (error: unknown) => ReactNode;
}

export class ErrorBoundary extends Component<BoundaryProps, { error: unknown; failed: boolean }> {
  state = { error: undefined as unknown, failed: false };

  static getDerivedStateFromError(error: unknown) {
    return { error, failed: true };
  }

  componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error('Balcão: a tela falhou ao renderizar', error, info.componentStack);
  }

  render() {
    if (!this.state.failed) return this.props.children;
    return this.props.fallback ? this.props.fallback(this.state.error) : null;
  }
}

const AppErrorScreen = lazy(() => import('./app-error').then((m) => ({ default: m.AppErrorScreen })));
const plain = <p style={{ padding: 16 }}>Algo deu errado nesta tela. Recarregue a página para continuar.</p>;

/** The whole-app fallback: the error screen, or a plain sentence while (or if it fails) loading. */
export function appErrorFallback(error: unknown): ReactNode {
  return (
    <ErrorBoundary fallback={() => plain}>
      <Suspense fallback={plain}>
        <AppErrorScreen error={error} />
      </Suspense>
    </ErrorBoundary>
  );
}
