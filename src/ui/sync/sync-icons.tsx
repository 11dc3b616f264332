/**
 * The sync indicator's icons, drawn inline (no icon library is installed). They repeat what the text beside them says,
 * so they are hidden from assistive technology and never carry meaning on their own.
 */

const iconProps = {
  viewBox: '0 0 24 24',
  width: '1.25em',
  height: '1.25em',
  focusable: false,
  fill: 'none',
  stroke: 'currentColor',
  strokeWidth: 2,
  strokeLinecap: 'round',
  strokeLinejoin: 'round',
} as const;

const CLOUD = 'M7 18h10a4 4 0 0 0 .5-7.97A6 6 0 0 0 6.1 9.1 4.5 4.5 0 0 0 7 18z';

/** A cloud with a tick: the device reaches the network. */
export function OnlineIcon() {
  return (
    <svg {...iconProps} aria-hidden="true">
      <path d={CLOUD} />
      <path d="M9.5 13.5l2 2 3.5-4" />
    </svg>
  );
}

/** A struck-out cloud: the device is offline. */
export function OfflineIcon() {
  return (
    <svg {...iconProps} aria-hidden="true">
      <path d={CLOUD} />
      <path d="M3 3l18 18" />
    </svg>
  );
}

/** A warning triangle: something needs a person. */
export function AttentionIcon() {
  return (
    <svg {...iconProps} aria-hidden="true">
      <path d="M12 3l10 18H2z" />
      <path d="M12 10v5M12 18h.01" />
    </svg>
  );
}
