// Issue 11: the courier's own tracking page for the common UK couriers, so the kit-arrived page
// and the portal can link the tracking number. Unknown couriers show the number without a link.

export type CourierTracking = {
  name: string;
  aliases: readonly string[];
  url: (n: string) => string;
};

const e = encodeURIComponent;

export const ukCouriers: readonly CourierTracking[] = [
  {
    name: 'Royal Mail',
    aliases: ['royal mail', 'royalmail', 'rm'],
    url: (n) => `https://www.royalmail.com/track-your-item#/tracking-results/${e(n)}`,
  },
  {
    name: 'DPD',
    aliases: ['dpd', 'dpd local'],
    url: (n) => `https://track.dpd.co.uk/parcels/${e(n)}`,
  },
  {
    name: 'DHL',
    aliases: ['dhl', 'dhl express', 'dhl parcel'],
    url: (n) => `https://www.dhl.com/gb-en/home/tracking.html?tracking-id=${e(n)}`,
  },
  {
    name: 'UPS',
    aliases: ['ups'],
    url: (n) => `https://www.ups.com/track?loc=en_GB&tracknum=${e(n)}`,
  },
  {
    name: 'Evri',
    aliases: ['evri', 'hermes', 'myhermes', 'evri (hermes)'],
    url: (n) => `https://www.evri.com/track/parcel/${e(n)}`,
  },
  {
    name: 'Parcelforce',
    aliases: ['parcelforce', 'parcelforce worldwide', 'parcel force'],
    url: (n) => `https://www.parcelforce.com/track-trace?trackNumber=${e(n)}`,
  },
  { name: 'Yodel', aliases: ['yodel'], url: (n) => `https://www.yodel.co.uk/tracking/${e(n)}` },
  {
    name: 'FedEx',
    aliases: ['fedex', 'fed ex'],
    url: (n) => `https://www.fedex.com/fedextrack/?trknbr=${e(n)}`,
  },
];

/** The courier's tracking page for this number, or null when we do not know the courier. */
export function courierTrackingUrl(courier: string | null, trackingNumber: string | null) {
  if (!courier || !trackingNumber) return null;
  const key = courier.trim().toLowerCase().replace(/\s+/g, ' ');
  const found = ukCouriers.find((c) => c.aliases.includes(key));
  return found ? found.url(trackingNumber.trim()) : null;
}
