import type { ReactNode } from 'react';
import { activeGate } from './gate';
import { SuspendedScreen } from './suspended-screen';
import { useBootstrapData } from './use-bootstrap-data';
import { VerifyEmailScreen } from './verify-email-screen';

export interface RouteGateProps {
  children: ReactNode;
  /** The app's verify-email screen; the shell's minimal one when absent. */
  verifyEmailGate?: ReactNode;
}

/** Spec 2.1: the gate screens act as a catch-all; otherwise the normal routes render. */
export function RouteGate({ children, verifyEmailGate }: RouteGateProps) {
  const gate = activeGate(useBootstrapData());
  if (gate === 'verify-email') return <>{verifyEmailGate ?? <VerifyEmailScreen />}</>;
  if (gate === 'suspended') return <SuspendedScreen />;
  return <>{children}</>;
}
