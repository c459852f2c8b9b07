import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { useId } from 'react';
import { SERVICE_CITIES, SERVICE_TOWNS } from '../../shared/service-area.ts';
import { BUSINESS_NAME } from '../../shared/site.ts';

/**
 * The service area drawn by hand as an inline SVG: no map service, no external image, no inline styles
 * (the Content-Security-Policy forbids them). Shorelines and town lines are simplified but placed by real
 * latitude and longitude, so the communities sit where they really are.
 */

type LonLat = readonly [lon: number, lat: number];
type Anchor = 'start' | 'middle' | 'end';
type LabelPlacement = { readonly dx: number; readonly dy: number; readonly anchor: Anchor; readonly leader?: boolean };

/** Approximate centre of each community (longitude, latitude). */
const CITY_COORDINATES: Readonly<Record<string, LonLat>> = {
  'Bay Shore': [-73.245, 40.725],
  Bayport: [-73.051, 40.738],
  Baywood: [-73.29, 40.751],
  Bohemia: [-73.115, 40.769],
  Brentwood: [-73.246, 40.781],
  'Central Islip': [-73.202, 40.79],
  Commack: [-73.293, 40.843],
  'East Islip': [-73.186, 40.732],
  'Great River': [-73.157, 40.721],
  Hauppauge: [-73.203, 40.826],
  Holbrook: [-73.078, 40.812],
  Holtsville: [-73.045, 40.815],
  Islip: [-73.21, 40.73],
  'Islip Terrace': [-73.193, 40.75],
  'Kings Park': [-73.257, 40.886],
  'Lake Ronkonkoma': [-73.131, 40.835],
  Nesconset: [-73.154, 40.852],
  'North Great River': [-73.17, 40.747],
  Oakdale: [-73.139, 40.744],
  Ronkonkoma: [-73.113, 40.816],
  'Saint James': [-73.157, 40.879],
  Sayville: [-73.082, 40.736],
  Smithtown: [-73.201, 40.856],
  'West Islip': [-73.306, 40.706],
  'West Sayville': [-73.098, 40.728],
};

/**
 * Where each label sits relative to its dot, in map units (the map is 1000 units wide). Tuned by hand so
 * no two labels touch; crowded South Shore names move out over the bay on a leader line.
 */
const LABEL_PLACEMENT: Readonly<Record<string, LabelPlacement>> = {
  'Bay Shore': { dx: -12, dy: 6, anchor: 'end' },
  Bayport: { dx: 11, dy: 6, anchor: 'start' },
  Baywood: { dx: -11, dy: 6, anchor: 'end' },
  Bohemia: { dx: 11, dy: 6, anchor: 'start' },
  Brentwood: { dx: -11, dy: 6, anchor: 'end' },
  'Central Islip': { dx: 11, dy: 6, anchor: 'start' },
  Commack: { dx: -11, dy: 6, anchor: 'end' },
  'East Islip': { dx: 2, dy: 121, anchor: 'middle', leader: true },
  'Great River': { dx: 65, dy: 87, anchor: 'middle', leader: true },
  Hauppauge: { dx: -11, dy: 6, anchor: 'end' },
  Holbrook: { dx: 0, dy: 27, anchor: 'middle' },
  Holtsville: { dx: 11, dy: 6, anchor: 'start' },
  Islip: { dx: -17, dy: 115, anchor: 'end', leader: true },
  'Islip Terrace': { dx: -11, dy: 6, anchor: 'end' },
  'Kings Park': { dx: 11, dy: 6, anchor: 'start' },
  'Lake Ronkonkoma': { dx: 8, dy: -14, anchor: 'start' },
  Nesconset: { dx: 11, dy: 6, anchor: 'start' },
  'North Great River': { dx: 25, dy: -33, anchor: 'start', leader: true },
  Oakdale: { dx: 11, dy: 6, anchor: 'start' },
  Ronkonkoma: { dx: -11, dy: 6, anchor: 'end' },
  'Saint James': { dx: 11, dy: 6, anchor: 'start' },
  Sayville: { dx: 20, dy: -36, anchor: 'start', leader: true },
  Smithtown: { dx: -11, dy: 6, anchor: 'end' },
  'West Islip': { dx: -11, dy: 6, anchor: 'end' },
  'West Sayville': { dx: 68, dy: 109, anchor: 'middle', leader: true },
};

/** Long Island Sound shore, west to east; it leaves the top of the map at Stony Brook Harbor. */
const NORTH_SHORE: readonly LonLat[] = [
  [-73.43, 40.905],
  [-73.405, 40.903],
  [-73.385, 40.9],
  [-73.37, 40.906],
  [-73.355, 40.902],
  [-73.34, 40.906],
  [-73.32, 40.912],
  [-73.298, 40.915],
  [-73.285, 40.914],
  [-73.26, 40.913],
  [-73.243, 40.909],
  [-73.236, 40.902],
  [-73.226, 40.903],
  [-73.22, 40.912],
  [-73.195, 40.915],
  [-73.178, 40.918],
  [-73.168, 40.906],
  [-73.158, 40.912],
  [-73.152, 40.93],
  [-73.148, 40.95],
];

/** Great South Bay shore, west to east. */
const SOUTH_SHORE: readonly LonLat[] = [
  [-73.43, 40.668],
  [-73.4, 40.668],
  [-73.37, 40.672],
  [-73.345, 40.68],
  [-73.325, 40.688],
  [-73.29, 40.695],
  [-73.27, 40.703],
  [-73.25, 40.712],
  [-73.225, 40.713],
  [-73.2, 40.712],
  [-73.18, 40.71],
  [-73.17, 40.705],
  [-73.162, 40.706],
  [-73.158, 40.712],
  [-73.153, 40.715],
  [-73.148, 40.719],
  [-73.14, 40.724],
  [-73.12, 40.727],
  [-73.1, 40.722],
  [-73.08, 40.727],
  [-73.06, 40.731],
  [-73.045, 40.733],
  [-73.02, 40.745],
  [-73.005, 40.752],
  [-72.97, 40.752],
  [-72.93, 40.755],
];

/** Fire Island and, west of the inlet, the end of the Jones Beach barrier: bay side west to east, then ocean side back. */
const FIRE_ISLAND: readonly LonLat[] = [
  [-73.3, 40.628],
  [-73.26, 40.633],
  [-73.2, 40.637],
  [-73.16, 40.647],
  [-73.13, 40.652],
  [-73.09, 40.659],
  [-73.05, 40.668],
  [-73.0, 40.69],
  [-72.93, 40.712],
  [-72.93, 40.704],
  [-73.0, 40.682],
  [-73.05, 40.66],
  [-73.09, 40.651],
  [-73.13, 40.645],
  [-73.16, 40.64],
  [-73.2, 40.63],
  [-73.26, 40.625],
  [-73.302, 40.621],
];
const JONES_BEACH: readonly LonLat[] = [
  [-73.43, 40.621],
  [-73.36, 40.629],
  [-73.31, 40.634],
  [-73.285, 40.638],
  [-73.29, 40.632],
  [-73.36, 40.622],
  [-73.43, 40.614],
];

/** Names of the two towns, their neighbours, the water and Fire Island, placed at these points (a place's own name stays as it is). */
type AreaLabel = {
  readonly text: string | MessageDescriptor;
  readonly at: LonLat;
  readonly kind: 'town' | 'neighbour' | 'feature';
  readonly anchor: Anchor;
};
const AREA_LABELS: readonly AreaLabel[] = [
  { text: 'Town of Smithtown', at: [-73.22, 40.868], kind: 'town', anchor: 'middle' },
  { text: 'Town of Islip', at: [-73.093, 40.788], kind: 'town', anchor: 'middle' },
  { text: 'Huntington', at: [-73.357, 40.81], kind: 'neighbour', anchor: 'middle' },
  { text: 'Babylon', at: [-73.359, 40.738], kind: 'neighbour', anchor: 'middle' },
  { text: 'Brookhaven', at: [-73.011, 40.862], kind: 'neighbour', anchor: 'middle' },
  { text: 'Long Island Sound', at: [-73.387, 40.922], kind: 'feature', anchor: 'start' },
  { text: 'Great South Bay', at: [-73.228, 40.663], kind: 'feature', anchor: 'middle' },
  { text: 'Fire Island', at: [-73.159, 40.626], kind: 'feature', anchor: 'middle' },
  { text: msg`Atlantic Ocean`, at: [-73.035, 40.636], kind: 'feature', anchor: 'middle' },
];

/** Town lines. Each runs between two points that are also on a shore or on another line. */
const ISLIP_SMITHTOWN_LINE: readonly LonLat[] = [
  [-73.268, 40.808],
  [-73.24, 40.812],
  [-73.21, 40.815],
  [-73.185, 40.822],
  [-73.16, 40.83],
  [-73.135, 40.84],
  [-73.12, 40.842],
];
/** Islip's western line (Huntington, then Babylon), north to south. */
const ISLIP_WEST_LINE: readonly LonLat[] = [
  [-73.268, 40.808],
  [-73.29, 40.79],
  [-73.305, 40.765],
  [-73.312, 40.735],
  [-73.318, 40.71],
  [-73.325, 40.688],
];
/** Islip's eastern line (Brookhaven), north to south. */
const ISLIP_EAST_LINE: readonly LonLat[] = [
  [-73.12, 40.842],
  [-73.1, 40.832],
  [-73.075, 40.823],
  [-73.05, 40.82],
  [-73.03, 40.815],
  [-73.032, 40.78],
  [-73.04, 40.755],
  [-73.045, 40.733],
];
/** Smithtown's western line (Huntington), north to south. */
const SMITHTOWN_WEST_LINE: readonly LonLat[] = [
  [-73.298, 40.915],
  [-73.3, 40.88],
  [-73.305, 40.85],
  [-73.3, 40.83],
  [-73.285, 40.815],
  [-73.268, 40.808],
];
/** Smithtown's eastern line (Brookhaven), north to south, from Stony Brook Harbor to Lake Ronkonkoma. */
const SMITHTOWN_EAST_LINE: readonly LonLat[] = [
  [-73.158, 40.912],
  [-73.15, 40.89],
  [-73.14, 40.87],
  [-73.13, 40.855],
  [-73.12, 40.842],
];

const NISSEQUOGUE_RIVER: readonly LonLat[] = [
  [-73.231, 40.903],
  [-73.226, 40.89],
  [-73.215, 40.878],
  [-73.21, 40.866],
  [-73.203, 40.852],
];
const CONNETQUOT_RIVER: readonly LonLat[] = [
  [-73.153, 40.715],
  [-73.151, 40.735],
  [-73.146, 40.755],
  [-73.141, 40.778],
  [-73.136, 40.796],
];
const LAKE_RONKONKOMA: LonLat = [-73.118, 40.832];

/** Map window and projection: equirectangular, with longitude scaled by the cosine of the middle latitude. */
const WEST = -73.4;
const EAST = -72.97;
const NORTH = 40.94;
const SOUTH = 40.612;
const WIDTH = 1000;
const LON_SCALE = Math.cos((((NORTH + SOUTH) / 2) * Math.PI) / 180);
const UNITS_PER_DEGREE = WIDTH / ((EAST - WEST) * LON_SCALE);
const HEIGHT = Math.round((NORTH - SOUTH) * UNITS_PER_DEGREE);

/** At 700 px wide one map unit is 0.7 px, so 18 units is a 12.6 px label. */
const LABEL_SIZE = 18;
const FONT_FAMILY = "system-ui, -apple-system, 'Segoe UI', Roboto, Arial, sans-serif";

const COLORS = {
  water: '#cfe5ee',
  waterText: '#1b4a63',
  land: '#efede6',
  islip: '#fbedc2',
  smithtown: '#d9ead3',
  townLine: '#7c8a6e',
  shore: '#86aabb',
  townName: '#0b4f6c',
  neighbourText: '#4f5a63',
  text: '#1d2a33',
  dot: '#0b4f6c',
  halo: '#ffffff',
} as const;

const AREA_LABEL_LOOK = {
  town: { size: 24, weight: 700, fill: COLORS.townName, spacing: 0.5 },
  neighbour: { italic: true, fill: COLORS.neighbourText },
  feature: { size: 21, italic: true, fill: COLORS.waterText },
} as const;

function project([lon, lat]: LonLat): { x: number; y: number } {
  return { x: (lon - WEST) * LON_SCALE * UNITS_PER_DEGREE, y: (NORTH - lat) * UNITS_PER_DEGREE };
}

const round = (value: number) => Math.round(value * 10) / 10;

function pathOf(points: readonly LonLat[], closed = false): string {
  const commands = points.map((point, index) => {
    const { x, y } = project(point);
    return `${index === 0 ? 'M' : 'L'}${round(x)} ${round(y)}`;
  });
  return commands.join(' ') + (closed ? ' Z' : '');
}

/** The shore points strictly between two longitudes, in the order asked for. */
function shoreBetween(shore: readonly LonLat[], fromLon: number, toLon: number): LonLat[] {
  const inside = shore.filter(([lon]) => lon > Math.min(fromLon, toLon) && lon < Math.max(fromLon, toLon));
  return fromLon < toLon ? inside : inside.reverse();
}

const reversed = (points: readonly LonLat[]) => [...points].reverse();
const lonOf = (points: readonly LonLat[], at: 'first' | 'last') => (at === 'first' ? points[0] : points.at(-1))?.[0] ?? 0;

/** The mainland: both shores run past the map's edges, so two corners beyond the east edge close it. */
const LAND: LonLat[] = [...NORTH_SHORE, [EAST + 0.05, NORTH + 0.05], [EAST + 0.05, SOUTH], ...reversed(SOUTH_SHORE)];

const ISLIP: LonLat[] = [
  ...ISLIP_WEST_LINE,
  ...shoreBetween(SOUTH_SHORE, lonOf(ISLIP_WEST_LINE, 'last'), lonOf(ISLIP_EAST_LINE, 'last')),
  ...reversed(ISLIP_EAST_LINE),
  ...reversed(ISLIP_SMITHTOWN_LINE),
];

const SMITHTOWN: LonLat[] = [
  ...SMITHTOWN_WEST_LINE,
  ...ISLIP_SMITHTOWN_LINE,
  ...reversed(SMITHTOWN_EAST_LINE),
  ...shoreBetween(NORTH_SHORE, lonOf(SMITHTOWN_EAST_LINE, 'first'), lonOf(SMITHTOWN_WEST_LINE, 'first')),
];

type PlacedCity = { name: string; x: number; y: number; labelX: number; labelY: number; anchor: Anchor; leader?: { x: number; y: number } };

function placeCity(name: string): PlacedCity | null {
  const coordinates = CITY_COORDINATES[name];
  if (!coordinates) return null;
  const { x, y } = project(coordinates);
  const placement = LABEL_PLACEMENT[name] ?? { dx: 10, dy: 6, anchor: 'start' };
  const labelX = x + placement.dx;
  const labelY = y + placement.dy;
  const city: PlacedCity = { name, x, y, labelX, labelY, anchor: placement.anchor };
  if (placement.leader) {
    const gap = 4;
    city.leader =
      placement.anchor === 'middle'
        ? { x: labelX, y: placement.dy > 0 ? labelY - LABEL_SIZE * 0.75 - gap : labelY + gap + 2 }
        : { x: placement.anchor === 'start' ? labelX - gap : labelX + gap, y: labelY - LABEL_SIZE * 0.35 };
  }
  return city;
}

const PLACED_CITIES = SERVICE_CITIES.map((city) => placeCity(city.name)).filter((city): city is PlacedCity => city !== null);

/** A town's own name: "Islip" of "Town of Islip". */
const townName = (town: string): string => town.replace(/^Town of /, '');

function citiesIn(town: string): string {
  return SERVICE_CITIES.filter((city) => city.town === town)
    .map((city) => city.name)
    .join(', ');
}

/** Text with a white halo so it stays readable over lines, water and both town colours. */
function MapText({
  x,
  y,
  children,
  anchor = 'start',
  size = LABEL_SIZE,
  fill = COLORS.text,
  weight = 400,
  italic = false,
  spacing,
}: {
  x: number;
  y: number;
  children: string;
  anchor?: Anchor;
  size?: number;
  fill?: string;
  weight?: number;
  italic?: boolean;
  spacing?: number;
}) {
  return (
    <text
      x={round(x)}
      y={round(y)}
      textAnchor={anchor}
      fontSize={size}
      fontWeight={weight}
      fontStyle={italic ? 'italic' : undefined}
      letterSpacing={spacing}
      fill={fill}
      stroke={COLORS.halo}
      strokeWidth={4}
      strokeLinejoin="round"
      paintOrder="stroke"
    >
      {children}
    </text>
  );
}

export function ServiceAreaMap() {
  const { i18n, t } = useLingui();
  const id = useId();
  const titleId = `${id}-title`;
  const descId = `${id}-desc`;
  const lake = project(LAKE_RONKONKOMA);
  const scaleBarLength = (5 * 1.609344 * UNITS_PER_DEGREE) / 111.32; // five miles
  // The towns by their own names ("Islip"), so that each language says "Town of" its own way ("el municipio de Islip").
  const [firstTown, secondTown] = SERVICE_TOWNS.map(townName);
  const towns = SERVICE_TOWNS.map((serviceTown) => {
    const cities = citiesIn(serviceTown);
    const town = townName(serviceTown);
    return t`The Town of ${town} includes ${cities}.`;
  }).join(' ');

  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: on a phone the frame scrolls sideways and must be reachable by keyboard
    <section className="service-area-map-frame" tabIndex={0} aria-label={t`Service area map`}>
      <svg
        className="service-area-map"
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        role="img"
        aria-labelledby={titleId}
        aria-describedby={descId}
        fontFamily={FONT_FAMILY}
        xmlns="http://www.w3.org/2000/svg"
      >
        <title id={titleId}>{t`Map of the ${BUSINESS_NAME} service area: the Town of ${firstTown} and the Town of ${secondTown}`}</title>
        <desc id={descId}>
          {`${t`A map of central Long Island, New York, between Long Island Sound to the north and the Great South Bay and Fire Island to the south.`} ${towns}`}
        </desc>

        <rect width={WIDTH} height={HEIGHT} fill={COLORS.water} />
        <path d={pathOf(LAND, true)} fill={COLORS.land} stroke={COLORS.shore} strokeWidth={1.5} strokeLinejoin="round" />
        <path d={pathOf(ISLIP, true)} fill={COLORS.islip} />
        <path d={pathOf(SMITHTOWN, true)} fill={COLORS.smithtown} />
        <g fill="none" stroke={COLORS.townLine} strokeWidth={1.5} strokeDasharray="6 4" strokeLinejoin="round">
          <path d={pathOf(ISLIP_SMITHTOWN_LINE)} />
          <path d={pathOf(ISLIP_WEST_LINE)} />
          <path d={pathOf(ISLIP_EAST_LINE)} />
          <path d={pathOf(SMITHTOWN_WEST_LINE)} />
          <path d={pathOf(SMITHTOWN_EAST_LINE)} />
        </g>
        <g fill="none" stroke={COLORS.shore} strokeWidth={3} strokeLinecap="round" strokeLinejoin="round">
          <path d={pathOf(NISSEQUOGUE_RIVER)} />
          <path d={pathOf(CONNETQUOT_RIVER)} />
        </g>
        <ellipse cx={round(lake.x)} cy={round(lake.y)} rx={13} ry={15} fill={COLORS.water} stroke={COLORS.shore} strokeWidth={1.5} />
        <path d={pathOf(FIRE_ISLAND, true)} fill={COLORS.land} stroke={COLORS.shore} strokeWidth={1.5} strokeLinejoin="round" />
        <path d={pathOf(JONES_BEACH, true)} fill={COLORS.land} stroke={COLORS.shore} strokeWidth={1.5} strokeLinejoin="round" />
        <rect x={0.75} y={0.75} width={WIDTH - 1.5} height={HEIGHT - 1.5} fill="none" stroke={COLORS.shore} strokeWidth={1.5} />

        <g>
          {AREA_LABELS.map((label) => {
            const { x, y } = project(label.at);
            const look = AREA_LABEL_LOOK[label.kind];
            return (
              <MapText key={label.at.join()} x={x} y={y} anchor={label.anchor} {...look}>
                {typeof label.text === 'string' ? label.text : i18n._(label.text)}
              </MapText>
            );
          })}
        </g>

        <g stroke={COLORS.text} strokeWidth={1.25}>
          {PLACED_CITIES.filter((city) => city.leader).map((city) => (
            <line
              key={city.name}
              x1={round(city.x)}
              y1={round(city.y)}
              x2={round(city.leader?.x ?? city.x)}
              y2={round(city.leader?.y ?? city.y)}
            />
          ))}
        </g>
        <g fill={COLORS.dot} stroke={COLORS.halo} strokeWidth={2}>
          {PLACED_CITIES.map((city) => (
            <circle key={city.name} cx={round(city.x)} cy={round(city.y)} r={6} />
          ))}
        </g>
        <g>
          {PLACED_CITIES.map((city) => (
            <MapText key={city.name} x={city.labelX} y={city.labelY} anchor={city.anchor}>
              {city.name}
            </MapText>
          ))}
        </g>

        <g transform={`translate(${WIDTH - 60} 40)`} fill={COLORS.text}>
          <path d="M0 -22 L10 8 L0 2 L-10 8 Z" stroke={COLORS.halo} strokeWidth={1.5} />
          <MapText x={0} y={30} anchor="middle" weight={700}>
            N
          </MapText>
        </g>
        <g transform={`translate(${WIDTH - 40 - round(scaleBarLength)} 110)`}>
          <path d={`M0 0 V8 H${round(scaleBarLength)} V0`} fill="none" stroke={COLORS.text} strokeWidth={2} />
          <MapText x={round(scaleBarLength) / 2} y={-6} anchor="middle">
            {t`5 miles`}
          </MapText>
        </g>
      </svg>
    </section>
  );
}
