import type { SampleWords } from './sample-words';

/** The sample workspace in English. */
export const SAMPLE_WORDS_EN: SampleWords = {
  contacts: {
    priya: {
      name: 'Priya Natarajan',
      emails: ['priya.natarajan@example.com'],
      organization: 'Northwind Labs',
    },
    sam: { name: 'Sam Okafor', emails: ['sam.okafor@example.org'], organization: 'Okafor Design' },
    mei: { name: 'Mei Chen', emails: ['mei.chen@example.com'], organization: 'Northwind Labs' },
    daniel: { name: 'Daniel Weber', emails: ['daniel.weber@example.net'], organization: 'Weber & Partner' },
    lucia: {
      name: 'Lucía Fernández',
      emails: ['lucia.fernandez@example.org'],
      organization: 'Harbour Health Clinic',
    },
    tom: { name: 'Tom Ashford', emails: ['tom.ashford@example.com'], organization: 'Northwind Labs' },
    aisha: { name: 'Aisha Rahman', emails: ['aisha.rahman@example.net'], organization: 'Bluegum Accounting' },
    jonas: {
      name: 'Jonas Lindqvist',
      emails: ['jonas@example.org', 'jonas.lindqvist@example.net'],
      organization: 'Fjord Studio',
    },
    grace: { name: 'Grace Kim', emails: ['grace.kim@example.com'], organization: 'Northwind Labs' },
    marcus: { name: 'Marcus Reid', emails: ['marcus@example.net'], organization: 'Reid Plumbing' },
    olivia: { name: 'Olivia Brooks', emails: ['olivia.brooks@example.org'], organization: 'City Library' },
    hiroshi: {
      name: 'Hiroshi Tanaka',
      emails: ['hiroshi.tanaka@example.com'],
      organization: 'Tanaka Imports',
    },
    fatima: {
      name: 'Fatima Zahra',
      emails: ['fatima.zahra@example.net'],
      organization: 'Riverside Primary School',
    },
    ben: { name: 'Ben Carter', emails: ['ben.carter@example.org'], organization: null },
    elena: { name: 'Elena Rossi', emails: ['elena.rossi@example.com'], organization: 'Rossi Architects' },
    noah: { name: 'Noah Williams', emails: ['noah.williams@example.net'], organization: 'Northwind Labs' },
    chloe: {
      name: 'Chloe Martin',
      emails: ['chloe.martin@example.org'],
      organization: 'Martin Veterinary Clinic',
    },
    raj: { name: 'Raj Patel', emails: ['raj.patel@example.com'], organization: 'Patel Legal' },
    sofia: { name: 'Sofia Novak', emails: ['sofia.novak@example.net'], organization: 'Novak Travel' },
    dental: { name: 'Harbour Dental', emails: ['reception@example.org'], organization: 'Harbour Dental' },
  },
  events: {
    standup: { title: 'Team stand-up', description: 'Daily check-in: yesterday, today, anything blocking.' },
    review: {
      title: 'Project review',
      location: 'Room 4B',
      description: 'Agenda: milestones so far, open risks, next steps for the launch.',
    },
    dentist: { title: 'Dentist appointment', location: 'Harbour Dental, 12 High Street' },
    call: {
      title: 'Call with Daniel Weber',
      description:
        'Contract renewal with Weber & Partner.\nJoin the video call: https://meet.example.com/nwl-4821-dw',
    },
    offsite: { title: 'Team offsite', location: 'Lakeside Conference Centre' },
    lunch: { title: 'Lunch with Sam', location: 'Corner Café' },
    oneOnOne: { title: '1:1 with Priya' },
    gym: { title: 'Gym' },
    dinner: { title: 'Dinner with Ben', location: "Luigi's Trattoria" },
  },
  mails: {
    question: {
      subject: 'Quick question about the Q3 numbers',
      text: "Hi,\n\nDo you have the final Q3 revenue figures? I'm putting together the board deck and need them by Thursday. If they're not final yet, the latest draft is fine and I'll mark it as such.\n\nThanks!\nPriya",
    },
    threadFirst: {
      subject: 'Catch up next week?',
      text: "Hi!\n\nIt's been a while. Are you free to meet next week? I could do Tuesday or Wednesday morning, maybe coffee at the Corner Café?\n\nSam",
    },
    threadReply: {
      subject: 'Re: Catch up next week?',
      text: 'Hi Sam,\n\nGreat idea. Wednesday at 10:00 works best for me, and the Corner Café sounds good.\n\nSee you then',
    },
    threadLast: {
      subject: 'Re: Catch up next week?',
      text: "Perfect: Wednesday at 10:00 at the Corner Café it is. I'll bring the sketches for the new logo.\n\nSee you then!\nSam",
    },
    briefToday: {
      sender: { name: 'The Morning Brief', email: 'brief@news.example.com' },
      subject: 'The Morning Brief: five things to know today',
      text: "Good morning. Here's what you need to know today:\n\n1. Interest rates are expected to stay on hold.\n2. Rail works close the city line this weekend.\n3. A warm week ahead, with storms on Friday.\n4. The new science museum opens its doors.\n5. Long read: why we sleep less than our grandparents.\n\nUnsubscribe: https://news.example.com/unsubscribe",
    },
    briefYesterday: {
      sender: { name: 'The Morning Brief', email: 'brief@news.example.com' },
      subject: 'The Morning Brief: markets, weather and a long read',
      text: 'Good morning. Markets closed higher yesterday, a cold front arrives tonight, and our long read asks what makes a neighbourhood feel like home.\n\nUnsubscribe: https://news.example.com/unsubscribe',
    },
    briefEarlier: {
      sender: { name: 'The Morning Brief', email: 'brief@news.example.com' },
      subject: 'The Morning Brief: the budget in three minutes',
      text: 'Good morning. The budget in three minutes: what changes for households, for small businesses and for students.\n\nUnsubscribe: https://news.example.com/unsubscribe',
    },
    weekendReads: {
      sender: { name: 'Weekend Reads', email: 'weekend@news.example.org' },
      subject: 'Weekend Reads: 7 stories worth your time',
      text: 'This week: the last lighthouse keeper, a chef who cooks only with what grows within 10 km, and the surprising science of boredom.\n\nRead online: https://news.example.org/weekend',
    },
    engineeringBlog: {
      sender: { name: 'Northwind Labs Engineering', email: 'blog@example.com' },
      subject: 'New on the blog: how we cut our build times in half',
      text: 'Our build went from 14 minutes to 6. This post walks through caching, splitting the test suite and the one flag that made the biggest difference.\n\nRead it: https://blog.example.com/faster-builds',
    },
    libraryNews: {
      sender: { name: 'City Library', email: 'newsletter@example.org' },
      subject: 'New arrivals this month at the City Library',
      text: 'Twelve new novels, a shelf of travel guides and the complete series of a much-loved detective are waiting for you. Reserve online or drop by the front desk.',
    },
    gardening: {
      sender: { name: 'Green Thumb', email: 'hello@example.net' },
      subject: 'Five jobs for the garden this week',
      text: 'Mulch the beds before the heat, sow beans and basil, prune the roses, check the tap timers, and pick up a free seed packet at any of our stores this weekend.',
    },
    running: {
      sender: { name: 'Run Club', email: 'stats@example.com' },
      subject: 'Your weekly running summary',
      text: 'This week: 3 runs, 21.4 km, average pace 5:42 /km. Your longest run was 10.2 km on Sunday. Keep it up!',
    },
    cafeReceipt: {
      sender: { name: 'Corner Café', email: 'receipts@example.com' },
      subject: 'Your receipt from Corner Café',
      text: 'Thanks for visiting!\n\nFlat white  $4.50\nBanana bread  $5.00\nTotal  $9.50\n\nPaid by card ending 4242.',
    },
    orderShipped: {
      sender: { name: 'Homewares Online', email: 'orders@example.net' },
      subject: 'Your order #48213 has shipped',
      text: 'Good news: your order #48213 (1 × linen tablecloth, 2 × ceramic mugs) is on its way. Expected delivery: in 2 to 3 business days.\n\nTrack it: https://shop.example.net/track/48213',
    },
    orderConfirmed: {
      sender: { name: 'Homewares Online', email: 'orders@example.net' },
      subject: 'Order confirmation #48213',
      text: "Thanks for your order!\n\n1 × linen tablecloth  $39.00\n2 × ceramic mugs  $24.00\nShipping  $6.95\nTotal  $69.95\n\nWe'll email you when it ships.",
    },
    rideReceipt: {
      sender: { name: 'Rides', email: 'receipts@example.net' },
      subject: 'Your trip receipt',
      text: 'Thanks for riding with us.\n\nTrip: Central Station to 12 High Street\nDistance: 6.3 km\nTotal: $18.40',
    },
    invoice: {
      subject: 'Invoice INV-2043 from Bluegum Accounting',
      text: 'Hi,\n\nPlease find attached invoice INV-2043 for the quarterly bookkeeping ($450.00), due in 14 days.\n\nKind regards,\nAisha Rahman\nBluegum Accounting',
      attachment: 'INV-2043.pdf',
    },
    powerPaid: {
      sender: { name: 'City Power', email: 'billing@example.org' },
      subject: 'Payment received, thank you',
      text: "We've received your payment of $132.60 for account 7701-2245. No further action is needed.",
    },
    phoneBill: {
      sender: { name: 'Mobile Co', email: 'billing@example.net' },
      subject: 'Your monthly bill is ready',
      text: 'Your bill for this month is $45.00 and will be paid automatically on the 28th. Your bill is attached as a PDF.',
      attachment: 'bill.pdf',
    },
    hotelBooking: {
      subject: 'Booking confirmed: Hotel Aurora, 2 nights',
      text: "Hi,\n\nYou're all set: Hotel Aurora, a double room for 2 nights, breakfast included. Check-in from 14:00. The confirmation is attached.\n\nHave a lovely trip!\nSofia\nNovak Travel",
      attachment: 'hotel-aurora-confirmation.pdf',
    },
    photos: {
      subject: 'Photos from the weekend',
      text: "Hey!\n\nHere are the photos from Saturday's hike. The one at the lookout came out really well.\n\nBen",
      attachment: 'lookout.jpg',
    },
    schoolEvening: {
      subject: 'Reminder: parent-teacher evening on Thursday',
      text: 'Dear parents,\n\nA reminder that parent-teacher interviews are on Thursday from 16:00 to 19:00 in the school hall. Please book a time with the class teacher.\n\nFatima Zahra\nRiverside Primary School',
    },
    booksDue: {
      subject: 'Your books are due in 3 days',
      text: 'Hello,\n\n2 items on your card are due in 3 days: "The Long Way Home" and "A Field Guide to Birds". You can renew them online.\n\nOlivia Brooks\nCity Library',
    },
    dentistReminder: {
      subject: 'Appointment reminder',
      text: 'This is a reminder of your appointment at Harbour Dental, 12 High Street, later this week at 16:30. Reply to this email if you need to change it.',
    },
    planningNotes: {
      subject: "Notes from Monday's planning",
      text: 'Hi all,\n\nNotes from the planning meeting:\n- Launch date stays at the end of the month.\n- Grace owns the onboarding emails.\n- We review the risks again at the project review.\n\nTom',
    },
    reviewSlides: {
      subject: 'Slides for the project review',
      text: "Hi,\n\nI've attached the draft slides for the project review. Could you check the timeline slide before then?\n\nMei",
      attachment: 'project-review.pptx',
    },
    callAgenda: {
      subject: 'Agenda for our call',
      text: "Hello,\n\nFor our call I'd suggest: 1) renewal terms, 2) the new reporting format, 3) next year's schedule. The video link is in the invitation.\n\nBest regards,\nDaniel Weber",
    },
    newSignIn: {
      sender: { name: 'Account Security', email: 'no-reply@example.com' },
      subject: 'New sign-in to your account',
      text: 'We noticed a new sign-in to your account from Firefox on Windows. If this was you, you can ignore this email.',
    },
    plumbingQuote: {
      subject: 'Quote for the bathroom tap',
      text: 'Hi,\n\nAs discussed, replacing the bathroom mixer tap comes to $220 including parts and labour. I can do Tuesday or Friday next week.\n\nCheers,\nMarcus\nReid Plumbing',
    },
    teamLunch: {
      subject: 'Team lunch on Friday?',
      text: 'Hi team,\n\nShall we do lunch on Friday to celebrate the release? I was thinking of the noodle place on George Street at 12:30. Reply if you can make it!\n\nGrace',
    },
    floorPlans: {
      subject: 'Draft floor plans',
      text: 'Hi,\n\nAttached are the draft floor plans for the kitchen extension. Let me know what you think before we send them to the builder.\n\nElena',
      attachment: 'floor-plans-draft.pdf',
    },
    contractComments: {
      subject: 'Contract review: a few comments',
      text: "Hi,\n\nI have read the lease. Two points: the break clause needs 3 months' notice, not 6, and the repairs clause should exclude fair wear and tear. Happy to discuss.\n\nRaj Patel\nPatel Legal",
    },
  },
};
