import { PLACES_MSG } from '@serwis/domain';

/** Where the device stands, from its GPS or network, with the radius it is sure of. */
export interface DevicePosition {
  latitude: number;
  longitude: number;
  /** Metres, as the browser reports it. */
  accuracy: number;
}

/**
 * Whether this browser may be asked for its position: it has the API, and the page is a secure
 * context (HTTPS, or localhost), which browsers require before they ask the user.
 */
export const canAskDevicePosition = () =>
  typeof navigator !== 'undefined' && 'geolocation' in navigator && window.isSecureContext;

/** The device's position, asked fresh (a technician stands at the machine); a Polish message on failure. */
export function askDevicePosition(): Promise<DevicePosition> {
  return new Promise((resolve, reject) => {
    navigator.geolocation.getCurrentPosition(
      ({ coords }) =>
        resolve({ latitude: coords.latitude, longitude: coords.longitude, accuracy: coords.accuracy }),
      (error) =>
        reject(
          new Error(
            error.code === error.PERMISSION_DENIED
              ? PLACES_MSG.positionDenied
              : PLACES_MSG.positionUnavailable,
          ),
        ),
      { enableHighAccuracy: true, timeout: 20_000, maximumAge: 0 },
    );
  });
}
