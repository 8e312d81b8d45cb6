// The WhatsApp greetings of every page that opens a chat with the coach, across the features that have one.
import { describe, expect, it } from 'vitest';
import { RESOURCES_WHATSAPP_MESSAGE } from '../features/leads/pages/FreeResourcesPage';
import { ABOUT_WHATSAPP_MESSAGE } from '../features/marketing/pages/AboutPage';
import { COACHING_WHATSAPP_MESSAGE } from '../features/marketing/pages/CoachingPage';
import { hieloWhatsappMessage } from '../features/marketing/pages/HieloPage';
import { MANIFIESTA_CALL_WHATSAPP_MESSAGE } from '../features/marketing/pages/ManifiestaCallPage';
import { MANIFIESTA_WHATSAPP_MESSAGE } from '../features/marketing/pages/ManifiestaPage';
import { MASTERCLASSES_WHATSAPP_MESSAGE } from '../features/marketing/pages/MasterclassesPage';
import { REPROGRAMA_WHATSAPP_MESSAGE } from '../features/marketing/pages/ReprogramaPage';
import { MENU_WHATSAPP_MESSAGE } from '../features/menu/pages/MenuPage';

describe('WhatsApp greetings', () => {
  it('are one per page, so the coach knows where each chat comes from', () => {
    const messages = [
      MASTERCLASSES_WHATSAPP_MESSAGE,
      COACHING_WHATSAPP_MESSAGE,
      ABOUT_WHATSAPP_MESSAGE,
      hieloWhatsappMessage('del 14 al 16 de noviembre'),
      hieloWhatsappMessage(null),
      REPROGRAMA_WHATSAPP_MESSAGE,
      MANIFIESTA_WHATSAPP_MESSAGE,
      MANIFIESTA_CALL_WHATSAPP_MESSAGE,
      MENU_WHATSAPP_MESSAGE,
      RESOURCES_WHATSAPP_MESSAGE,
    ];
    expect(new Set(messages).size).toBe(messages.length);
  });
});
