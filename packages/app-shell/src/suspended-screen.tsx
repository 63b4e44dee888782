import { GateScreenLayout } from './gate-screen-layout';
import { useSettings } from './use-bootstrap-data';
import { useTrans } from './use-trans';

export function SuspendedScreen() {
  const { trans } = useTrans();
  const { branding } = useSettings();
  return (
    <GateScreenLayout title={trans('Your account is suspended')}>
      <p className="text-muted" data-testid="suspended-screen">
        {trans(
          "You can't open :name because your account is suspended. Contact the Admin to re-activate your account.",
          { name: branding.site_name },
        )}
      </p>
    </GateScreenLayout>
  );
}
