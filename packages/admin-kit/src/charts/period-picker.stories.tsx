import { withRouter } from '@cadence/app-shell/test/story-helpers';
import { applyPseudoStates } from '@cadence/ui/test/pseudo-states';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { PeriodPicker, usePeriod } from './period-picker';

/** The picker bound to the address, as the insights pages use it (`?range=...`). */
function PeriodInAddress({ onChange }: { onChange: (period: unknown) => void }) {
  const [period, setPeriod] = usePeriod();
  return (
    <div className="flex flex-col gap-4">
      <PeriodPicker
        period={period}
        onChange={(next) => {
          setPeriod(next);
          onChange(next);
        }}
      />
      <p className="text-sm text-muted" data-testid="period">
        {JSON.stringify(period)}
      </p>
    </div>
  );
}

/**
 * The insights pages' period: 7, 30, 90 days, 12 months or a custom range, kept in the address;
 * the custom range is checked with the contract's rules before it applies.
 */
const meta = {
  title: 'Charts/PeriodPicker',
  component: PeriodInAddress,
  decorators: [withRouter],
  args: { onChange: fn() },
} satisfies Meta<typeof PeriodInAddress>;

export default meta;
type Story = StoryObj<typeof meta>;

/** No period in the address: the last 30 days. */
export const Default: Story = {
  play: async ({ canvasElement }) => {
    expect((within(canvasElement).getByRole('combobox', { name: 'Period' }) as HTMLSelectElement).value).toBe(
      '30d',
    );
  },
};

export const FromTheAddress: Story = { parameters: { route: '/?range=12m' } };

/** Choosing a range applies it at once. */
export const ChooseRange: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await userEvent.selectOptions(canvas.getByRole('combobox', { name: 'Period' }), '7d');
    expect(args.onChange).toHaveBeenCalledWith({ range: '7d' });
  },
};

/** Custom with an empty or backwards range: the contract's message, linked to both dates. */
export const CustomRangeInvalid: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await userEvent.selectOptions(canvas.getByRole('combobox', { name: 'Period' }), 'custom');
    await userEvent.type(canvas.getByLabelText('From'), '2026-10-20');
    await userEvent.type(canvas.getByLabelText('To'), '2026-10-01');
    await userEvent.click(canvas.getByRole('button', { name: 'Apply' }));
    const alert = await canvas.findByRole('alert');
    expect(canvas.getByLabelText('From').getAttribute('aria-describedby')).toBe(alert.id);
    expect(args.onChange).not.toHaveBeenCalled();
  },
};

export const CustomRangeApplied: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await userEvent.selectOptions(canvas.getByRole('combobox', { name: 'Period' }), 'custom');
    await userEvent.type(canvas.getByLabelText('From'), '2026-09-01');
    await userEvent.type(canvas.getByLabelText('To'), '2026-09-30');
    await userEvent.click(canvas.getByRole('button', { name: 'Apply' }));
    await waitFor(() =>
      expect(args.onChange).toHaveBeenCalledWith({ range: 'custom', from: '2026-09-01', to: '2026-09-30' }),
    );
  },
};

/** Keyboard focus on the select and the Apply button (forced, so axe checks its contrast). */
export const Focused: Story = {
  parameters: {
    route: '/?range=custom&from=2026-09-01&to=2026-09-30',
    pseudo: { rootSelector: 'body', focusVisible: ['select', 'input', 'button'] },
  },
  play: applyPseudoStates,
};
