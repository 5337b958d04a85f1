import 'leaflet/dist/leaflet.css';
import '@client/styles/map.css';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import L from 'leaflet';
import { useEffect, useMemo, useState } from 'react';
import { MapContainer, Marker, Popup, TileLayer, useMap, useMapEvents } from 'react-leaflet';
import Supercluster from 'supercluster';
import { Link } from 'wouter';
import type { MapPin, OutletCard } from '@server/modules/outlets/schema';
import { QueryState } from '@client/components/ui/query-state';
import { trpc, type RouterInputs } from '@client/lib/trpc';
import { formatPercent } from '@client/lib/format';
import { instoreHref } from '../lib/links';

/**
 * The home page's map view (issue 16), its own chunk: Leaflet through react-leaflet, tiles from
 * MAP_TILE_URL (`outlets.mapTiles`), the list's outlets as pins clustered by supercluster as the map
 * moves. A cluster opens to the zoom where it splits; a pin opens a card linking to the outlet.
 */

type Source =
  /** The browse list: its pins from `outlets.mapPins` with the same place, category and filters. */
  | { kind: 'list'; input: RouterInputs['outlets']['mapPins']; enabled: boolean }
  /** Outlets already loaded (search results). */
  | { kind: 'outlets'; outlets: readonly OutletCard[]; pending: boolean };

type Pin = Pick<MapPin, 'id' | 'name' | 'slug' | 'latitude' | 'longitude' | 'locality' | 'discountPercent'> & { category: { slug: string } };

const pinOf = (o: OutletCard): Pin => ({
  id: o.id,
  name: o.name,
  slug: o.slug,
  latitude: o.latitude,
  longitude: o.longitude,
  locality: o.locality,
  category: o.category,
  discountPercent: o.liveOffer?.discountPercent ?? null,
});

export function OutletMap({ source }: { source: Source }) {
  const { t } = useLingui();
  const tiles = trpc.outlets.mapTiles.useQuery(undefined, { staleTime: Infinity });
  const list = trpc.outlets.mapPins.useQuery(source.kind === 'list' ? source.input : { noLocation: true }, {
    enabled: source.kind === 'list' && source.enabled,
  });
  if (source.kind === 'outlets') {
    if (source.pending) return <MapLoading />;
    return (
      <QueryState query={tiles} loading={<MapLoading />} errorMessage={t`We couldn't load the map.`}>
        {(tileServer) => <PinsMap tiles={tileServer} pins={source.outlets.map(pinOf)} centre={null} />}
      </QueryState>
    );
  }
  return (
    <QueryState query={tiles} loading={<MapLoading />} errorMessage={t`We couldn't load the map.`}>
      {(tileServer) => (
        <QueryState query={list} loading={<MapLoading />} errorMessage={t`We couldn't load the outlets for the map.`}>
          {(data) => <PinsMap tiles={tileServer} pins={data.pins} centre={data.centre} />}
        </QueryState>
      )}
    </QueryState>
  );
}

function MapLoading() {
  const { t } = useLingui();
  return (
    <div className="outlet-map outlet-map--loading" role="status" aria-label={t`Loading the map`}>
      <span className="spinner" aria-hidden="true" />
    </div>
  );
}

function PinsMap({ tiles, pins, centre }: { tiles: { url: string; attribution: string }; pins: readonly Pin[]; centre: { latitude: number; longitude: number } | null }) {
  const { t } = useLingui();
  const pinCount = pins.length;
  const start = centre ?? (pins[0] ? { latitude: pins[0].latitude, longitude: pins[0].longitude } : { latitude: 20.59, longitude: 78.96 });
  return (
    <section className="outlet-map" aria-label={t`Map of outlets`}>
      <MapContainer center={[start.latitude, start.longitude]} zoom={pins.length ? 13 : 5} className="outlet-map__canvas" scrollWheelZoom>
        <TileLayer url={tiles.url} attribution={escapeHtml(tiles.attribution)} subdomains={['a', 'b', 'c']} maxZoom={19} />
        <FitToPins pins={pins} />
        <Clusters pins={pins} />
        <PopupInView />
      </MapContainer>
      <p className="outlet-map__caption muted" role="status">
        {pins.length === 0 ? (
          <Trans>No outlets to show on the map.</Trans>
        ) : (
          <Plural value={pinCount} one="# outlet on the map" other="# outlets on the map" />
        )}
      </p>
    </section>
  );
}

/** Attribution text is HTML to Leaflet: shown as text. */
const percentOff = (percent: number) => formatPercent(percent, { decimals: 1 });

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** How many of the first pins (nearest, or best matches) the map opens on; the rest are a zoom-out away. */
const FRAME_PINS = 30;

/** Frames the first pins of the list when the set changes: the neighbourhood, not every city on the list. */
function FitToPins({ pins }: { pins: readonly Pin[] }) {
  const map = useMap();
  const key = pins.map((p) => p.id).join(',');
  useEffect(() => {
    const framed = pins.slice(0, FRAME_PINS);
    if (framed.length === 0) return;
    if (framed.length === 1) {
      map.setView([framed[0]!.latitude, framed[0]!.longitude], 16);
      return;
    }
    map.fitBounds(L.latLngBounds(framed.map((p) => [p.latitude, p.longitude] as [number, number])), { padding: [32, 32], maxZoom: 16 });
    // The pins' identity is the key; the map instance is stable.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, map]);
  return null;
}

/** A shop front (Lucide's "store"), drawn in the pin of an outlet with no discount live. */
const STORE_SVG =
  '<svg class="map-pin__icon" viewBox="0 0 24 24" width="16" height="16" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round" aria-hidden="true">' +
  '<path d="m2 7 4.41-4.41A2 2 0 0 1 7.83 2h8.34a2 2 0 0 1 1.42.59L22 7"/><path d="M4 12v8a2 2 0 0 0 2 2h12a2 2 0 0 0 2-2v-8"/>' +
  '<path d="M15 22v-4a2 2 0 0 0-2-2h-2a2 2 0 0 0-2 2v4"/><path d="M2 7h20"/>' +
  '<path d="M22 7v3a2 2 0 0 1-2 2a2.7 2.7 0 0 1-1.59-.63.7.7 0 0 0-.82 0A2.7 2.7 0 0 1 16 12a2.7 2.7 0 0 1-1.59-.63.7.7 0 0 0-.82 0A2.7 2.7 0 0 1 12 12a2.7 2.7 0 0 1-1.59-.63.7.7 0 0 0-.82 0A2.7 2.7 0 0 1 8 12a2.7 2.7 0 0 1-1.59-.63.7.7 0 0 0-.82 0A2.7 2.7 0 0 1 4 12a2 2 0 0 1-2-2V7"/></svg>';

/**
 * A pin: the live discount ("20%"), or, with none, a small shop front (issue 28: it read "•", which
 * said nothing). The pin's name is the marker's title and alt.
 */
export function pinIcon(pin: Pick<Pin, 'discountPercent'>): L.DivIcon {
  const offer = pin.discountPercent !== null;
  return L.divIcon({
    className: 'map-pin',
    html: offer
      ? `<span class="map-pin__body map-pin__body--offer">${escapeHtml(`${Math.round(pin.discountPercent!)}%`)}</span>`
      : `<span class="map-pin__body map-pin__body--plain">${STORE_SVG}</span>`,
    iconSize: offer ? [44, 30] : [30, 30],
    iconAnchor: offer ? [22, 30] : [15, 30],
    popupAnchor: [0, -28],
  });
}

/**
 * An opened card comes into view below the sticky top bar (issue 28: on a scrolled page its close
 * button sat under the header). Leaflet keeps it inside the map; this keeps the map's part in the window.
 */
function PopupInView() {
  useMapEvents({
    popupopen: (event) => {
      const element = event.popup.getElement();
      element?.scrollIntoView?.({ block: 'nearest' });
    },
  });
  return null;
}

/** Sizes are classes: the page's CSP refuses inline style attributes in markup Leaflet writes. */
function clusterIcon(count: number): L.DivIcon {
  const [size, kind] = count < 10 ? [36, 's'] : count < 100 ? [44, 'm'] : [52, 'l'];
  return L.divIcon({
    className: 'map-cluster',
    html: `<span class="map-cluster__body map-cluster__body--${kind}">${count}</span>`,
    iconSize: [size, size],
    iconAnchor: [size / 2, size / 2],
  });
}

/** The pins clustered for the current view (recomputed as the map moves or zooms). */
function Clusters({ pins }: { pins: readonly Pin[] }) {
  const { t } = useLingui();
  const map = useMap();
  const [view, setView] = useState(() => ({ bounds: map.getBounds(), zoom: map.getZoom() }));
  useMapEvents({ moveend: () => setView({ bounds: map.getBounds(), zoom: map.getZoom() }) });
  const index = useMemo(() => {
    const sc = new Supercluster<{ pin: Pin }>({ radius: 56, maxZoom: 17 });
    sc.load(pins.map((pin) => ({ type: 'Feature', properties: { pin }, geometry: { type: 'Point', coordinates: [pin.longitude, pin.latitude] } })));
    return sc;
  }, [pins]);
  const b = view.bounds;
  const clusters = index.getClusters([b.getWest(), b.getSouth(), b.getEast(), b.getNorth()], Math.round(view.zoom));
  return (
    <>
      {clusters.map((c) => {
        const [lng, lat] = c.geometry.coordinates as [number, number];
        if ('cluster' in c.properties && c.properties.cluster) {
          const id = c.properties.cluster_id;
          const count = c.properties.point_count;
          return (
            <Marker
              key={`cluster-${id}`}
              position={[lat, lng]}
              icon={clusterIcon(count)}
              title={t`${count} outlets here: zoom in`}
              alt={t`${count} outlets`}
              eventHandlers={{ click: () => map.setView([lat, lng], Math.min(index.getClusterExpansionZoom(id), 18)) }}
            />
          );
        }
        const pin = (c.properties as { pin: Pin }).pin;
        const percent = pin.discountPercent !== null ? percentOff(pin.discountPercent) : null;
        return (
          <Marker key={`pin-${pin.id}`} position={[lat, lng]} icon={pinIcon(pin)} title={pin.name} alt={pin.name}>
            <Popup autoPanPaddingTopLeft={[12, 56]}>
              <div className="map-popup">
                <strong className="map-popup__name">{pin.name}</strong>
                <span className="map-popup__meta">{pin.locality}</span>
                {percent !== null ? (
                  <span className="map-popup__offer">{t`${percent} off now`}</span>
                ) : null}
                <Link href={instoreHref(pin)} className="text-link">
                  <Trans>See offers</Trans>
                </Link>
              </div>
            </Popup>
          </Marker>
        );
      })}
    </>
  );
}
