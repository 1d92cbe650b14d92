import type { Config } from '../config.ts';
import { createHttpAnalytics } from '../adapters/analytics.http.ts';
import { createHttpConversionTracking } from '../adapters/conversion-tracking.http.ts';
import { createHttpSalesService } from '../adapters/sales-service.http.ts';
import { createHttpSmsGateway } from '../adapters/sms-gateway.http.ts';
import { createHttpDocumentService } from '../adapters/document-service.http.ts';
import { createHttpMaps, createHttpReviewPlatform } from '../adapters/external-media.http.ts';
import { createHttpESignature } from '../adapters/e-signature.http.ts';
import { createHttpIbanValidator } from '../adapters/iban-validator.http.ts';
import { createHttpIdentityAdmin } from '../adapters/identity-admin.http.ts';
import { createHttpMarketingService } from '../adapters/marketing-service.http.ts';
import { createHttpIotCloud } from '../adapters/iot-cloud.http.ts';
import { createHttpMarketData } from '../adapters/market-data.http.ts';
import { createHttpManagementFiles } from '../adapters/management-files.http.ts';
import { createHttpManagementMoney } from '../adapters/management-money.http.ts';
import { createHttpManagementJourneys } from '../adapters/management-journeys.http.ts';
import { createHttpManagementService } from '../adapters/management-service.http.ts';
import { createClientCredentialsTokens, createOidcIdentityProvider } from '../adapters/oidc-identity-provider.ts';
import { createSmtpMailer } from '../adapters/smtp-mailer.ts';
import { createHttpMasterData } from '../adapters/master-data.http.ts';
import { createStrapiContentSource } from '../adapters/strapi-content.ts';
import { createHttpTaskService } from '../adapters/task-service.http.ts';
import { createHttpWeather } from '../adapters/weather.http.ts';
import type { Analytics } from '../ports/analytics.ts';
import type { ConversionTracking } from '../ports/conversion-tracking.ts';
import type { SalesService } from '../ports/sales-service.ts';
import type { SmsGateway } from '../ports/sms-gateway.ts';
import type { ContentSource } from '../ports/content-source.ts';
import type { Maps, ReviewPlatform } from '../ports/external-media.ts';
import type { DocumentService } from '../ports/document-service.ts';
import type { ESignature } from '../ports/e-signature.ts';
import type { IbanValidator } from '../ports/iban-validator.ts';
import type { IdentityAdmin } from '../ports/identity-admin.ts';
import type { IdentityProvider } from '../ports/identity-provider.ts';
import type { MarketingService } from '../ports/marketing-service.ts';
import type { IotCloud } from '../ports/iot-cloud.ts';
import type { MarketData } from '../ports/market-data.ts';
import type { Mailer } from '../ports/mailer.ts';
import type { ManagementFiles, ManagementJourneys, ManagementMoney, ManagementService } from '../ports/management-service.ts';
import type { MasterData } from '../ports/master-data.ts';
import type { TaskService } from '../ports/task-service.ts';
import type { WeatherService } from '../ports/weather.ts';

/** Every external service the portal talks to, by port. One line per adapter. */
export interface Adapters {
  identityProvider: IdentityProvider;
  identityAdmin: IdentityAdmin;
  mailer: Mailer;
  /** Review mails (docs/surveys.md): the relay, or in review debug mode the debug SMTP server. */
  reviewMailer: Mailer;
  marketing: MarketingService;
  management: ManagementService;
  journeys: ManagementJourneys;
  managementFiles: ManagementFiles;
  managementMoney: ManagementMoney;
  documents: DocumentService;
  analytics: Analytics;
  maps: Maps;
  reviews: ReviewPlatform;
  eSignature: ESignature;
  masterData: MasterData;
  ibanValidator: IbanValidator;
  tasks: TaskService;
  iot: IotCloud;
  marketData: MarketData;
  weather: WeatherService;
  content: ContentSource;
  sms: SmsGateway;
  sales: SalesService;
  conversions: ConversionTracking;
}

/**
 * Builds the adapters from the configuration (production and local alike: only URLs and credentials differ).
 * Tests pass `overrides` to put a stand-in of their own in place of one adapter.
 */
export function buildAdapters(config: Config, overrides: Partial<Adapters> = {}): Adapters {
  const mailer = createSmtpMailer({
    host: config.SMTP_HOST,
    port: config.SMTP_PORT,
    secure: config.SMTP_SECURE,
    user: config.SMTP_USER,
    password: config.SMTP_PASSWORD,
    from: config.MAIL_FROM,
  });
  const allowInsecureRequests = !config.isProduction && config.oidcIssuer.startsWith('http://');
  return {
    identityProvider: createOidcIdentityProvider({
      issuer: config.oidcIssuer,
      clientId: config.OIDC_CLIENT_ID,
      clientSecret: config.oidcClientSecret,
      allowInsecureRequests,
    }),
    // The admin API's bearer: a client-credentials token of the realm's service account at the same issuer.
    identityAdmin: createHttpIdentityAdmin(
      config.services.identityAdmin,
      createClientCredentialsTokens({ issuer: config.oidcIssuer, clientId: config.IDENTITY_ADMIN_CLIENT_ID, clientSecret: config.identityAdminClientSecret, allowInsecureRequests }),
    ),
    marketing: createHttpMarketingService(config.services.marketing),
    mailer,
    reviewMailer: config.REVIEW_DEBUG_MODE
      ? createSmtpMailer({ host: config.REVIEW_DEBUG_SMTP_HOST ?? config.SMTP_HOST, port: config.REVIEW_DEBUG_SMTP_PORT, secure: false, from: config.MAIL_FROM })
      : mailer,
    management: createHttpManagementService(config.services.management),
    journeys: createHttpManagementJourneys(config.services.management),
    managementFiles: createHttpManagementFiles(config.services.management),
    managementMoney: createHttpManagementMoney(config.services.management),
    documents: createHttpDocumentService(config.services.documents),
    analytics: createHttpAnalytics(config.services.analytics),
    maps: createHttpMaps(config.services.maps),
    reviews: createHttpReviewPlatform(config.services.reviews),
    eSignature: createHttpESignature(config.services.esign),
    masterData: createHttpMasterData(config.services.masterData),
    ibanValidator: createHttpIbanValidator(config.services.ibanValidator),
    tasks: createHttpTaskService(config.services.tasks),
    iot: createHttpIotCloud(config.services.iot),
    marketData: createHttpMarketData(config.services.marketData),
    weather: createHttpWeather(config.services.weather),
    content: createStrapiContentSource(config.services.cms),
    sms: createHttpSmsGateway(config.services.sms, { sender: config.SMS_SENDER }),
    sales: createHttpSalesService(config.services.sales),
    conversions: createHttpConversionTracking(config.services.conversions),
    ...overrides,
  };
}
