import { Component, type ReactNode } from 'react';
import { useLocation } from 'react-router-dom';
import { buttonClass } from '@/components/ui/button';

/** Last line of defence: a crash inside a page shows a way out instead of a blank screen. */
export function RouteError() {
  return (
    <div className="mx-auto max-w-xl px-4 py-20 text-center">
      <h1 className="text-2xl font-bold">Algo deu errado ao abrir esta página.</h1>
      <p className="mt-3 text-ink-700">Tente recarregar. Se continuar, fale com o nosso atendimento.</p>
      <div className="mt-6 flex justify-center gap-3">
        <button type="button" className={buttonClass('primary')} onClick={() => window.location.reload()}>
          Recarregar
        </button>
        <a className={buttonClass('secondary')} href="/">
          Ir para o início
        </a>
      </div>
    </div>
  );
}

interface BoundaryProps {
  /** The error is forgotten when this changes, so moving to another page tries again. */
  resetKey: string;
  children: ReactNode;
}

interface BoundaryState {
  failed: boolean;
  resetKey: string;
}

class ErrorBoundary extends Component<BoundaryProps, BoundaryState> {
  state: BoundaryState = { failed: false, resetKey: this.props.resetKey };

  // React itself logs the error (console.error) when a boundary catches it.
  static getDerivedStateFromError(): Partial<BoundaryState> {
    return { failed: true };
  }

  static getDerivedStateFromProps(props: BoundaryProps, state: BoundaryState): Partial<BoundaryState> | null {
    return props.resetKey === state.resetKey ? null : { failed: false, resetKey: props.resetKey };
  }

  render() {
    return this.state.failed ? <RouteError /> : this.props.children;
  }
}

/** Catches what a page, the layout or a screen loaded on demand throws (a chunk that failed to load, too). */
export function RouteErrorBoundary({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  return <ErrorBoundary resetKey={pathname}>{children}</ErrorBoundary>;
}
