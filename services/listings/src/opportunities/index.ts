import { AdCommands } from './commands';
import { OpportunitiesPart, type OpportunitiesDeps } from './context';
import { AdLists } from './lists';
import { AdReactions } from './reactions';

export { validAd, type OpportunitiesDeps, type Page } from './context';
export { requestAdId } from './commands';
export { pageNumber, type UnavailableAd } from './lists';
export { adFieldsOf, snapshotEntry, snapshotOf, type PaidFor } from './snapshot';

/**
 * The ad rules of the listings service; resolvers only translate GraphQL to these calls. One object
 * for the resolvers, the projections and the scheduler, each call handed to its section: commands
 * (`commands.ts`), reactions to other services' events (`reactions.ts`), lists and reads
 * (`lists.ts`); the snapshot other services get is `snapshot.ts`, and the versioned write of an ad
 * the sections share (with `read`, `managed`, `trySave`) is `context.ts`.
 */
export class Opportunities extends OpportunitiesPart {
  readonly commands: AdCommands;
  readonly reactions: AdReactions;
  readonly lists: AdLists;

  constructor(deps: OpportunitiesDeps) {
    super(deps);
    this.commands = new AdCommands(deps);
    this.reactions = new AdReactions(deps);
    this.lists = new AdLists(deps);
  }

  // ---------------------------------------------------------------- commands

  create(...args: Parameters<AdCommands['create']>) {
    return this.commands.create(...args);
  }

  update(...args: Parameters<AdCommands['update']>) {
    return this.commands.update(...args);
  }

  markSold(...args: Parameters<AdCommands['markSold']>) {
    return this.commands.markSold(...args);
  }

  setStatus(...args: Parameters<AdCommands['setStatus']>) {
    return this.commands.setStatus(...args);
  }

  countView(...args: Parameters<AdCommands['countView']>) {
    return this.commands.countView(...args);
  }

  // ---------------------------------------------------------------- reactions to other services' events

  completePayment(...args: Parameters<AdReactions['completePayment']>) {
    return this.reactions.completePayment(...args);
  }

  cancelPayment(...args: Parameters<AdReactions['cancelPayment']>) {
    return this.reactions.cancelPayment(...args);
  }

  applyReview(...args: Parameters<AdReactions['applyReview']>) {
    return this.reactions.applyReview(...args);
  }

  hold(...args: Parameters<AdReactions['hold']>) {
    return this.reactions.hold(...args);
  }

  detachPhoto(...args: Parameters<AdReactions['detachPhoto']>) {
    return this.reactions.detachPhoto(...args);
  }

  sellerChanged(...args: Parameters<AdReactions['sellerChanged']>) {
    return this.reactions.sellerChanged(...args);
  }

  // ---------------------------------------------------------------- lists and reads

  unavailable(...args: Parameters<AdLists['unavailable']>) {
    return this.lists.unavailable(...args);
  }

  history(...args: Parameters<AdLists['history']>) {
    return this.lists.history(...args);
  }

  contact(...args: Parameters<AdLists['contact']>) {
    return this.lists.contact(...args);
  }

  carousel() {
    return this.lists.carousel();
  }

  available(...args: Parameters<AdLists['available']>) {
    return this.lists.available(...args);
  }

  sellerAds(...args: Parameters<AdLists['sellerAds']>) {
    return this.lists.sellerAds(...args);
  }

  mineCounts(...args: Parameters<AdLists['mineCounts']>) {
    return this.lists.mineCounts(...args);
  }

  mine(...args: Parameters<AdLists['mine']>) {
    return this.lists.mine(...args);
  }

  byStatus(...args: Parameters<AdLists['byStatus']>) {
    return this.lists.byStatus(...args);
  }

  userActive(...args: Parameters<AdLists['userActive']>) {
    return this.lists.userActive(...args);
  }

  userAds(...args: Parameters<AdLists['userAds']>) {
    return this.lists.userAds(...args);
  }
}
