import { useCatalogue } from '../../../content/catalogue-context.tsx';
import { Icon } from '../../../components/icon.tsx';

/**
 * The embedded map of the contact page. The maps service's frame (its scripts and tiles,
 * several hundred kilobytes) loads only when the visitor asks for it (map-facade.ts), so
 * that the page stays light on a phone and no third party is contacted without a reason.
 */
export function MapEmbed() {
  const { agency, ui } = useCatalogue();
  return (
    <div
      data-map-embed=""
      data-map-src={agency.mapEmbedUrl}
      data-map-title={`${ui.map.titlePrefix}${agency.address.display}`}
    >
      <div className="map-frame map-facade d-flex flex-column align-items-center justify-content-center text-center p-4">
        <Icon name="geo-alt" size="2.5rem" className="text-primary mb-2" />
        <p className="fw-semibold mb-1">{agency.address.display}</p>
        <p className="small text-body-secondary mb-3">{ui.map.note}</p>
        <button type="button" className="btn btn-primary" data-map-show="">
          <Icon name="geo-alt" className="me-2" />
          {ui.map.show}
        </button>
      </div>
      <p className="small mt-2">
        <a href={agency.mapLinkUrl} target="_blank" rel="noopener noreferrer">
          {ui.map.open}
          <Icon name="box-arrow-up-right" className="ms-1 icon-flip" />
        </a>
      </p>
    </div>
  );
}
