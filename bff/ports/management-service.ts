/** A project as the installer's management service knows it. */
export interface ManagedProject {
  id: number;
  customerNumber: string;
  address: { street: string; houseNumber: string; zip: string; city: string };
  contact: { name: string; emails: string[] };
  productLines: string[];
  phase: string;
  step: string;
  /** Subjects of the portal accounts connected to the project. */
  portalUserIds: string[];
}

/**
 * The installer's management service (projects and their customers). Adapter: adapters/management-service.http.ts.
 * Every method rejects with UpstreamUnavailable when the service fails or does not answer in time.
 */
export interface ManagementService {
  /** The project, or null when there is none with this id. */
  getProject(id: number): Promise<ManagedProject | null>;
  /** Projects whose customer number and zip both match; empty when either does not. */
  findByCustomer(customerNumber: string, zip: string): Promise<ManagedProject[]>;
  /** Projects connected to the portal account. */
  projectsOfUser(userId: string): Promise<ManagedProject[]>;
  /** Connects the portal account to the project; idempotent. */
  connectUser(projectId: number, userId: string): Promise<void>;
}
