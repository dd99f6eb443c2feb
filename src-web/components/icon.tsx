// Icons from the bootstrap-icons package, inlined at build time: only the ones listed here
// reach the bundle, and no icon font is downloaded.
import iGeoAlt from 'bootstrap-icons/icons/geo-alt.svg?raw';
import iTelephone from 'bootstrap-icons/icons/telephone.svg?raw';
import iEnvelope from 'bootstrap-icons/icons/envelope.svg?raw';
import iFacebook from 'bootstrap-icons/icons/facebook.svg?raw';
import iInstagram from 'bootstrap-icons/icons/instagram.svg?raw';
import iLinkedin from 'bootstrap-icons/icons/linkedin.svg?raw';
import iTiktok from 'bootstrap-icons/icons/tiktok.svg?raw';
import iYoutube from 'bootstrap-icons/icons/youtube.svg?raw';
import iGithub from 'bootstrap-icons/icons/github.svg?raw';
import iBehance from 'bootstrap-icons/icons/behance.svg?raw';
import iGlobe from 'bootstrap-icons/icons/globe.svg?raw';
import iWhatsapp from 'bootstrap-icons/icons/whatsapp.svg?raw';
import iChevronLeft from 'bootstrap-icons/icons/chevron-left.svg?raw';
import iChevronRight from 'bootstrap-icons/icons/chevron-right.svg?raw';
import iArrowUp from 'bootstrap-icons/icons/arrow-up.svg?raw';
import iArrowRight from 'bootstrap-icons/icons/arrow-right.svg?raw';
import iEmojiSmile from 'bootstrap-icons/icons/emoji-smile.svg?raw';
import iFolderCheck from 'bootstrap-icons/icons/folder-check.svg?raw';
import iAward from 'bootstrap-icons/icons/award.svg?raw';
import iTrophy from 'bootstrap-icons/icons/trophy.svg?raw';
import iLightbulb from 'bootstrap-icons/icons/lightbulb.svg?raw';
import iPeople from 'bootstrap-icons/icons/people.svg?raw';
import iGrid3x3Gap from 'bootstrap-icons/icons/grid-3x3-gap.svg?raw';
import iMortarboard from 'bootstrap-icons/icons/mortarboard.svg?raw';
import iHeadset from 'bootstrap-icons/icons/headset.svg?raw';
import iCodeSlash from 'bootstrap-icons/icons/code-slash.svg?raw';
import iPhone from 'bootstrap-icons/icons/phone.svg?raw';
import iShieldLock from 'bootstrap-icons/icons/shield-lock.svg?raw';
import iPalette from 'bootstrap-icons/icons/palette.svg?raw';
import iSignpost2 from 'bootstrap-icons/icons/signpost-2.svg?raw';
import iPersonBadge from 'bootstrap-icons/icons/person-badge.svg?raw';
import iShare from 'bootstrap-icons/icons/share.svg?raw';
import iMegaphone from 'bootstrap-icons/icons/megaphone.svg?raw';
import iPencilSquare from 'bootstrap-icons/icons/pencil-square.svg?raw';
import iFilm from 'bootstrap-icons/icons/film.svg?raw';
import iCameraReels from 'bootstrap-icons/icons/camera-reels.svg?raw';
import iCamera from 'bootstrap-icons/icons/camera.svg?raw';
import iPersonVideo3 from 'bootstrap-icons/icons/person-video3.svg?raw';
import iAirplane from 'bootstrap-icons/icons/airplane.svg?raw';
import iLaptop from 'bootstrap-icons/icons/laptop.svg?raw';
import iCheck2Circle from 'bootstrap-icons/icons/check2-circle.svg?raw';
import iCalendarEvent from 'bootstrap-icons/icons/calendar-event.svg?raw';
import iBoxArrowUpRight from 'bootstrap-icons/icons/box-arrow-up-right.svg?raw';
import iClock from 'bootstrap-icons/icons/clock.svg?raw';
import iSend from 'bootstrap-icons/icons/send.svg?raw';
import iPersonCircle from 'bootstrap-icons/icons/person-circle.svg?raw';
import iStar from 'bootstrap-icons/icons/star.svg?raw';
import iBriefcase from 'bootstrap-icons/icons/briefcase.svg?raw';
import iEasel from 'bootstrap-icons/icons/easel.svg?raw';
import iBroadcast from 'bootstrap-icons/icons/broadcast.svg?raw';
import iGraphUpArrow from 'bootstrap-icons/icons/graph-up-arrow.svg?raw';
import iCpu from 'bootstrap-icons/icons/cpu.svg?raw';
import iPrinter from 'bootstrap-icons/icons/printer.svg?raw';
import iCardHeading from 'bootstrap-icons/icons/card-heading.svg?raw';
import iBullseye from 'bootstrap-icons/icons/bullseye.svg?raw';
import iRocketTakeoff from 'bootstrap-icons/icons/rocket-takeoff.svg?raw';
import iTools from 'bootstrap-icons/icons/tools.svg?raw';
import iBoxArrowRight from 'bootstrap-icons/icons/box-arrow-right.svg?raw';
import iInbox from 'bootstrap-icons/icons/inbox.svg?raw';
import iPatchCheck from 'bootstrap-icons/icons/patch-check.svg?raw';

const ICONS = {
  'geo-alt': iGeoAlt,
  'telephone': iTelephone,
  'envelope': iEnvelope,
  'facebook': iFacebook,
  'instagram': iInstagram,
  'linkedin': iLinkedin,
  'tiktok': iTiktok,
  'youtube': iYoutube,
  'github': iGithub,
  'behance': iBehance,
  'globe': iGlobe,
  'whatsapp': iWhatsapp,
  'chevron-left': iChevronLeft,
  'chevron-right': iChevronRight,
  'arrow-up': iArrowUp,
  'arrow-right': iArrowRight,
  'emoji-smile': iEmojiSmile,
  'folder-check': iFolderCheck,
  'award': iAward,
  'trophy': iTrophy,
  'lightbulb': iLightbulb,
  'people': iPeople,
  'grid-3x3-gap': iGrid3x3Gap,
  'mortarboard': iMortarboard,
  'headset': iHeadset,
  'code-slash': iCodeSlash,
  'phone': iPhone,
  'shield-lock': iShieldLock,
  'palette': iPalette,
  'signpost-2': iSignpost2,
  'person-badge': iPersonBadge,
  'share': iShare,
  'megaphone': iMegaphone,
  'pencil-square': iPencilSquare,
  'film': iFilm,
  'camera-reels': iCameraReels,
  'camera': iCamera,
  'person-video3': iPersonVideo3,
  'airplane': iAirplane,
  'laptop': iLaptop,
  'check2-circle': iCheck2Circle,
  'calendar-event': iCalendarEvent,
  'box-arrow-up-right': iBoxArrowUpRight,
  'clock': iClock,
  'send': iSend,
  'person-circle': iPersonCircle,
  'star': iStar,
  'briefcase': iBriefcase,
  'easel': iEasel,
  'broadcast': iBroadcast,
  'graph-up-arrow': iGraphUpArrow,
  'cpu': iCpu,
  'printer': iPrinter,
  'card-heading': iCardHeading,
  'bullseye': iBullseye,
  'rocket-takeoff': iRocketTakeoff,
  'tools': iTools,
  'box-arrow-right': iBoxArrowRight,
  'inbox': iInbox,
  'patch-check': iPatchCheck,
} as const;

export type IconName = keyof typeof ICONS;

interface IconProps {
  name: IconName;
  className?: string;
  /** Size in CSS units; the icon follows the font size by default. */
  size?: string;
}

/** A decorative icon: hidden from assistive technology, so give its meaning in text. */
export function Icon({ name, className, size }: IconProps) {
  return (
    <span
      className={className ? `icon ${className}` : 'icon'}
      style={size ? { fontSize: size } : undefined}
      aria-hidden="true"
      // The markup is bootstrap-icons' own static SVG, bundled at build time: never user input.
      dangerouslySetInnerHTML={{ __html: ICONS[name] }}
    />
  );
}
