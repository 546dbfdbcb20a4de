import { Component, type ErrorInfo, type ReactNode } from 'react';
import { CRASH_TEXT, CRASH_TITLE } from '../lib/crash';

interface State {
  failed: boolean;
}

const button = {
  font: 'inherit', fontWeight: 600, padding: '10px 18px', borderRadius: 8, cursor: 'pointer', textDecoration: 'none',
  display: 'inline-block', lineHeight: '20px', fontSize: 15,
} as const;

/**
 * The last line: anything that fails above the router (a provider, the theme) lands here. Plain HTML
 * with inline styles, because whatever failed may be what draws the rest of the app.
 */
export class RootErrorBoundary extends Component<{ children: ReactNode }, State> {
  override state: State = { failed: false };

  static getDerivedStateFromError(): State {
    return { failed: true };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error('Dakiya stopped with an error', error, info.componentStack);
  }

  override render() {
    if (!this.state.failed) return this.props.children;
    return (
      <div
        role="alert"
        data-testid="root-error"
        style={{
          minHeight: '100dvh', display: 'flex', alignItems: 'center', justifyContent: 'center', padding: 24,
          background: '#f6f7f6', fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, sans-serif', color: '#1c2421',
        }}
      >
        <div style={{ maxWidth: 480, textAlign: 'center', background: '#fff', border: '1px solid #e3e7e5', borderRadius: 16, padding: '40px 28px' }}>
          <h1 style={{ fontSize: 22, margin: '0 0 8px' }}>{CRASH_TITLE}</h1>
          <p style={{ color: '#5b6662', margin: '0 0 24px', lineHeight: 1.5 }}>{CRASH_TEXT}</p>
          <div style={{ display: 'flex', gap: 12, justifyContent: 'center', flexWrap: 'wrap' }}>
            <button type="button" onClick={() => window.location.reload()} data-testid="root-error-reload" style={{ ...button, border: 'none', background: '#0b5c46', color: '#fff' }}>
              Reload
            </button>
            <a href="/dashboard" data-testid="root-error-dashboard" style={{ ...button, border: '1px solid #c9d1cd', color: '#1c2421', background: '#fff' }}>
              Back to dashboard
            </a>
          </div>
        </div>
      </div>
    );
  }
}
