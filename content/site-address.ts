/**
 * How a running site tells this checkout's tools where it is: `<store file>.site.json` beside
 * the dataset file it serves (content/announced-address.ts). The local API sends its publishes
 * there and the Studio frames it, so `PORT=3001 npm start` needs no other setting.
 */
import { announcedAddress, type Announced } from './announced-address.ts';

export type SiteAddress = Announced;

const site = announcedAddress<SiteAddress>({
  suffix: '.site.json',
  required: [],
  restart: 'npm start',
});

export const {
  file: siteAddressFile,
  write: writeSiteAddress,
  remove: removeSiteAddress,
  read: readSiteAddress,
} = site;
